import { z } from "zod";

/** Answer of GET {car path}/autogauge; every figure may be missing, which hides the panel. */
export const priceComparisonSchema = z.object({
  fill: z.number().nullable().optional(),
  listing_price: z.number().nullable().optional(),
  market_range_min: z.number().nullable().optional(),
  market_range_max: z.number().nullable().optional(),
  confidence: z.number().min(0).max(1).nullable().optional(),
  description: z.string().nullable().optional(),
});

export type PriceComparison = z.infer<typeof priceComparisonSchema>;
