import { z } from "zod";

/** Who the shopper is; anonymous unless signed in. */
export const sessionSchema = z.object({
  userId: z.string().nullable(),
  phone: z.string().nullable(),
});
