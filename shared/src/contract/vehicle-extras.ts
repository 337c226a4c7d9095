import { z } from "zod";
import { deliveryPostcodeSchema } from "./forms";

/** POST /api/vehicles/delivery-estimates: a delivery price for one car to one postcode. */
export const deliveryEstimateRequestSchema = z.object({
  car_id: z.number().int().positive(),
  postcode: deliveryPostcodeSchema,
});
export type DeliveryEstimateRequest = z.infer<typeof deliveryEstimateRequestSchema>;

/** The car's dealership's price to the postcode's region; null when that dealership does not deliver there. */
export const deliveryEstimateSchema = z.object({
  estimate: z.object({ region: z.string(), price: z.number().nonnegative() }).nullable(),
});
export type DeliveryEstimate = z.infer<typeof deliveryEstimateSchema>;

/** How many events one beacon may carry; the browser's queue flushes long before this. */
export const ANALYTICS_BATCH_MAX = 50;

const analyticsValue = z.union([z.string().max(200), z.number().finite(), z.boolean(), z.null()]);

/** One analytics event: the spec's numeric event id, or the pixel's named event, with flat data. */
export const analyticsEventSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("event"),
    id: z.number().int().min(1).max(999),
    data: z.record(z.string().max(40), analyticsValue).refine((data) => Object.keys(data).length <= 20, "At most 20 data fields"),
  }),
  // The category record call after a lead is sent (spec §7), with its key and value pairs (car_type and the car's others).
  z.object({
    kind: z.literal("category"),
    category: z.string().min(1).max(100),
    data: z.record(z.string().max(40), analyticsValue).refine((data) => Object.keys(data).length <= 20, "At most 20 data fields"),
  }),
  z.object({
    kind: z.literal("pixel"),
    name: z.literal("ViewContent"),
    data: z.object({ price: z.number().finite().nullable(), make: z.string().max(100), model: z.string().max(100), currency: z.literal("AUD") }),
  }),
]);
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/** POST /api/vehicles/events: what one sendBeacon carries. */
export const analyticsBatchSchema = z.object({
  page: z.string().max(500),
  events: z.array(analyticsEventSchema).min(1).max(ANALYTICS_BATCH_MAX),
});
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;
