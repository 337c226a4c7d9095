import type { ReviewSummary } from "../contract/review";
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

/** Which reviews show: rated at least the minimum (4), and not by a hidden name (compared trimmed, any case). */
export function reviewVisibility(reviews: SiteConfig["reviews"]): { minimumRating: number; hiddenNames: string[] } {
  return { minimumRating: reviews.minimumRating, hiddenNames: reviews.hiddenNames.map((name) => name.trim().toLowerCase()) };
}

/** Reviews per page on the reviews page (the maps service's full quantity), and in the home page's carousel. */
export const REVIEWS_PAGE_SIZE = MAPS_REVIEWS_FULL_QUANTITY;

/** A page number from the query ("2", "x", "-1", "99"): a whole number from 1 to the last page, else 1. */
export function reviewPageNumber(raw: string | undefined, total: number, pageSize = REVIEWS_PAGE_SIZE): { page: number; pages: number; offset: number } {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const asked = raw && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  const page = Math.min(pages, Math.max(1, asked));
  return { page, pages, offset: (page - 1) * pageSize };
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
