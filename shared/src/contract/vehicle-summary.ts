import { z } from "zod";
import type { SlotImage } from "../media/image-slots";

/** The most cars one request names: the recently viewed list is the longest (compare holds 4). */
export const VEHICLE_SUMMARY_MAX_IDS = 12;

/** Query of GET /api/vehicles/summaries: `ids`, comma-separated car ids, e.g. ids=12,40,7. */
export const vehicleSummaryQuerySchema = z.object({
  ids: z
    .string({ error: "ids is required: car ids separated by commas." })
    // A platform-derived id (ADR 0064) has up to 16 digits.
    .max(VEHICLE_SUMMARY_MAX_IDS * 17, "ids is too long.")
    .transform((text) => text.split(","))
    .pipe(
      z
        .array(z.string().regex(/^\d{1,16}$/, "Each id is a whole number.").transform(Number).pipe(z.number().int().positive("Each id is a positive number.").max(Number.MAX_SAFE_INTEGER, "Each id is a car's id.")))
        .min(1)
        .max(VEHICLE_SUMMARY_MAX_IDS, `At most ${VEHICLE_SUMMARY_MAX_IDS} ids.`),
    ),
});

const specRowSchema = z.object({ label: z.string(), value: z.string() });

/** An `<img>`'s attributes in a slot (@dealer/shared/media slotImage): what a client spreads onto the picture. */
export const slotImageSchema = z.object({
  src: z.string(),
  srcSet: z.string(),
  sizes: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  style: z.object({ backgroundColor: z.string() }).optional(),
}) satisfies z.ZodType<SlotImage>;

/** What the compare page, the recently viewed strip and the favourites page show of a car. */
export const vehicleSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  path: z.string(),
  image: z.string().nullable(),
  /** The car's first photo in the compare table's and the saved-car cards' slots (ADR 0071). */
  pictures: z.object({ compare: slotImageSchema, saved: slotImageSchema }).nullable(),
  inStock: z.boolean(),
  priceText: z.string(),
  /** Beside the price (ACL s48): 'Drive Away' or what it excludes; null where no amount is shown (sold, words). */
  priceType: z.string().nullable(),
  /** The car's advertised repayment ('$263.65/wk'), its rates (ADR 0038) and its basis (ADR 0063); null when it has none. */
  repayment: z.object({ text: z.string(), rates: z.string(), basis: z.string() }).nullable(),
  /** Key specs in a fixed order; '-' where the car has no value, so rows line up across cars. */
  specs: z.array(specRowSchema),
  /** standardEquipment. */
  features: z.array(z.string()),
});

/** Cars in the order asked; unknown, hidden or other sites' ids are left out. */
export const vehicleSummariesResponseSchema = z.object({ cars: z.array(vehicleSummarySchema) });

export type VehicleSummaryQuery = z.infer<typeof vehicleSummaryQuerySchema>;
export type VehicleSummary = z.infer<typeof vehicleSummarySchema>;
export type VehicleSummariesResponse = z.infer<typeof vehicleSummariesResponseSchema>;

/** GET /cars/{slug}/view.json: counts a view and answers the count and the viewed-car record's fields. */
export const vehicleViewQuerySchema = z.object({
  photos_count: z.coerce.number().int().min(0).max(10_000).optional(),
  updated_at: z.string().max(64).optional(),
  website_id: z.string().max(100).optional(),
});
