import type { FragmentRequest } from "@dealer/shared/fragment";
import type { FragmentDefinition } from "@dealer/shared/fragment-server";
import { filterLocations, isReviewSummaryShown, REVIEWS_PAGE_SIZE, reviewVisibility } from "@dealer/shared/rules";
import type { Env } from "../../env";
import { loadSiteLocations } from "../../locations/load.server";
import { loadReviewPage, loadReviewSummary } from "../../reviews/load.server";
import type { ReviewsSummaryProps } from "./props";
import ReviewsSummary from "./ReviewsSummary";

/** A review without text still shows, with this line. */
export const NO_REVIEW_TEXT = "This customer left a rating without a comment.";

/**
 * The reviews block (the first page in a carousel) or the reviews page: every visible review reachable a page at
 * a time (?page=), narrowed to one location (?location={slug}); an unknown page or location falls back, never fails.
 */
export async function loadReviewsSummary(request: FragmentRequest, env: Env): Promise<ReviewsSummaryProps> {
  const view = request.params.view === "page" ? "page" : "block";
  const summary = await loadReviewSummary(env, request.site.slug);
  const shown = isReviewSummaryShown(summary, request.config.reviews);
  const locations = shown && view === "page" ? filterLocations(await loadSiteLocations(request, env)) : [];
  const location = locations.find((l) => l.slug === request.params.location) ?? null;
  const page = shown
    ? await loadReviewPage(env, request.site.slug, {
        ...reviewVisibility(request.config.reviews),
        locationId: location?.id ?? null,
        pageParam: view === "page" ? request.params.page : undefined,
        pageSize: REVIEWS_PAGE_SIZE,
      })
    : null;
  return {
    shown,
    view,
    summary: { count: summary?.count ?? 0, average: summary?.average_rating ?? 0 },
    reviews: (page?.reviews ?? []).map((review) => ({
      id: String(review.id),
      name: review.customer_name,
      text: review.text?.trim() || NO_REVIEW_TEXT,
      rating: review.rating,
      when: review.review_date_in_words ?? review.review_date ?? null,
      reply: review.reply_text?.trim() || null,
    })),
    paging: page && view === "page" ? { page: page.page, pages: page.pages, total: page.total } : null,
    locations: locations.map((l) => ({ slug: l.slug, name: l.name })),
    location: location?.slug ?? "",
  };
}

export const reviewsSummaryFragment: FragmentDefinition<ReviewsSummaryProps, Env> = { load: loadReviewsSummary, Component: ReviewsSummary };
