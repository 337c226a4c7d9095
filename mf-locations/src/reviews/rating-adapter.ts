import type { SiteConfig } from "@dealer/shared/config";
import type { Location, ReviewSummary } from "@dealer/shared/contract";
import { reviewSummarySchema } from "@dealer/shared/contract";
import type { SiteSecrets } from "@dealer/shared/secrets";
import { z } from "zod";

/** A location's rating summary from a maps service. */
export type RatingAdapter = (location: Pick<Location, "reviews" | "address">) => Promise<ReviewSummary | null>;

/** Local default: the rating stored with the location in D1. */
export const storedRating: RatingAdapter = async (location) => {
  const parsed = reviewSummarySchema.safeParse(location.reviews ?? null);
  return parsed.success ? parsed.data : null;
};

const placesAnswerSchema = z.object({ result: z.object({ rating: z.number().min(0).max(5), user_ratings_total: z.number().int().nonnegative() }) });

/**
 * A Places-style details call by place id, with the key read from the site's own secret slot (ADR 0056). Any
 * failure (no place id, no key, network, timeout, unexpected body) gives no rating rather than an error: the
 * page shows without its summary.
 */
export function placesRating(apiKey: () => Promise<string>, fetcher: typeof fetch = fetch, timeoutMs = 800): RatingAdapter {
  return async (location) => {
    const placeId = location.address.place_id;
    if (!placeId) return null;
    try {
      const query = new URLSearchParams({ place_id: placeId, fields: "rating,user_ratings_total", key: await apiKey() });
      const url = `https://maps.googleapis.com/maps/api/place/details/json?${query}`;
      const response = await fetcher(url, { signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) return null;
      const parsed = placesAnswerSchema.safeParse(await response.json());
      return parsed.success ? { average_rating: parsed.data.result.rating, count: parsed.data.result.user_ratings_total } : null;
    } catch {
      return null;
    }
  };
}

export function ratingAdapterFor(reviews: SiteConfig["reviews"], secrets: SiteSecrets): RatingAdapter {
  const slot = reviews.placesApiKeySlot;
  return reviews.source === "places" && slot ? placesRating(() => secrets.read(slot)) : storedRating;
}
