import { z } from "zod";

export const reviewSchema = z.object({
  id: z.union([z.string(), z.number()]),
  customer_name: z.string(),
  text: z.string().nullable().optional(),
  rating: z.number().min(0).max(5),
  review_date: z.string().nullable().optional(),
  review_date_in_words: z.string().nullable().optional(),
  reply_text: z.string().nullable().optional(),
  reply_date: z.string().nullable().optional(),
  image: z.string().nullable().optional(),
  /** The location the review is about, when the source says (the reviews page filters by it). */
  location_id: z.number().int().nullable().optional(),
});

export const reviewSummarySchema = z.object({
  count: z.number().int().nonnegative(),
  average_rating: z.number().min(0).max(5),
});

export type Review = z.infer<typeof reviewSchema>;
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;
