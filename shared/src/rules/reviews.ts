import type { Review, ReviewSummary } from "../contract/review";
import type { SiteConfig } from "../config/site-config";

export const STAR_COUNT = 5;
export const MAX_FULL_STARS = 4;
/** A partial star is drawn from 30% of a star. */
export const PARTIAL_STAR_FROM = 0.3;
export const MAPS_REVIEWS_FULL_QUANTITY = 12;

/** The summary shows when average_rating is above the dealer's minimum and reviews are not hidden. */
export function isReviewSummaryShown(summary: ReviewSummary | null | undefined, reviews: SiteConfig["reviews"]): boolean {
  return !reviews.hidden && !!summary && summary.average_rating > reviews.minimumAverageRating;
}

/** Reviews rated at least the minimum (4), without the hidden names. */
export function visibleReviews<T extends Pick<Review, "rating" | "customer_name">>(list: readonly T[], reviews: SiteConfig["reviews"]): T[] {
  const hidden = new Set(reviews.hiddenNames.map((name) => name.trim().toLowerCase()));
  return list.filter((review) => review.rating >= reviews.minimumRating && !hidden.has(review.customer_name.trim().toLowerCase()));
}

/**
 * Fill of each of the 5 stars (0..1): at most 4 full stars, then one partial star holding the rest of the
 * rating when that is at least 30% of a star.
 */
export function starFills(rating: number): number[] {
  const value = Math.min(STAR_COUNT, Math.max(0, Number.isFinite(rating) ? rating : 0));
  const full = Math.min(MAX_FULL_STARS, Math.floor(value));
  const rest = Math.round((value - full) * 100) / 100;
  return Array.from({ length: STAR_COUNT }, (_, i) => (i < full ? 1 : i === full && rest >= PARTIAL_STAR_FROM ? rest : 0));
}
