import { z } from "zod";

/** Who the shopper is; anonymous unless signed in (see atoms/session.ts). */
export const sessionSchema = z.object({
  userId: z.string().nullable(),
  phone: z.string().nullable(),
  name: z.string().nullable().optional(),
  watchlist: z.array(z.number().int()).optional(),
  /** The postcode kept with the account on this site (ADR 0079): prefills the drive-away estimate; never for anonymous shoppers. */
  postcode: z.string().nullable().optional(),
});
