import { z } from "zod";
import { CODE_MESSAGE, MOBILE_MESSAGE, normaliseMobile, SIGN_IN_CODE_LENGTH } from "../rules/accounts";
import { stateOfPostcode } from "../rules/au-states";
import { POSTCODE_MESSAGE } from "./postcode-messages";

export const userSchema = z.object({ id: z.string().optional(), phone: z.string().nullable() });

export const watchlistEntrySchema = z.object({ id: z.number().int() });
export const watchlistSchema = z.array(watchlistEntrySchema);

/** Body of POST /api/watchlist/save-car and /api/watchlist/remove-car. */
export const watchlistRequestSchema = z.object({
  phone_number: z.string().min(1, "A phone number is required."),
  car_id: z.number().int().positive(),
});
export const watchlistResponseSchema = z.object({ success: z.boolean(), message: z.string().optional() });

/** Stored on the visitor's device. */
export const favouriteSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  make: z.string(),
  model: z.string(),
  primary_image_url: z.string().nullable().optional(),
});

export const viewedCarSchema = z.object({
  id: z.number().int(),
  stocknum: z.string(),
  make: z.string(),
  model: z.string(),
  body: z.string().nullable().optional(),
  simple_body: z.string().nullable().optional(),
});

export type User = z.infer<typeof userSchema>;
export type WatchlistEntry = z.infer<typeof watchlistEntrySchema>;
export type WatchlistRequest = z.infer<typeof watchlistRequestSchema>;
export type WatchlistResponse = z.infer<typeof watchlistResponseSchema>;
export type Favourite = z.infer<typeof favouriteSchema>;
export type ViewedCar = z.infer<typeof viewedCarSchema>;

/** Bodies of POST /api/auth/request-code and /api/auth/verify: the phone comes out as +614xxxxxxxx. */
const mobileSchema = z
  .string({ error: MOBILE_MESSAGE })
  .max(30, MOBILE_MESSAGE)
  .transform((raw, context) => {
    const mobile = normaliseMobile(raw);
    if (!mobile) context.addIssue({ code: "custom", message: MOBILE_MESSAGE });
    return mobile ?? "";
  });
export const signInCodeRequestSchema = z.object({ phone: mobileSchema });
export const signInVerifySchema = z.object({
  phone: mobileSchema,
  code: z.string({ error: CODE_MESSAGE }).trim().regex(new RegExp(`^\\d{${SIGN_IN_CODE_LENGTH}}$`), CODE_MESSAGE),
});
/** POST /api/saved-searches: a /search query string (without '?'). */
export const savedSearchRequestSchema = z.object({ query: z.string().max(2000) });

/** POST /api/account/postcode: the signed-in shopper's postcode, kept with their account on this site (ADR 0079). */
export const accountPostcodeRequestSchema = z.object({
  postcode: z
    .string({ error: POSTCODE_MESSAGE })
    .trim()
    .superRefine((postcode, context) => {
      const found = stateOfPostcode(postcode);
      if (!found.ok) context.addIssue({ code: "custom", message: found.message });
    }),
});
