import type { FragmentRequest } from "@dealer/shared/fragment";
import type { FragmentDefinition } from "@dealer/shared/fragment-server";
import { isReviewSummaryShown, visibleReviews } from "@dealer/shared/rules";
import type { Env } from "../../env";
import { loadStoredReviews } from "../../reviews/load.server";
import type { ReviewsSummaryProps } from "./props";
import ReviewsSummary from "./ReviewsSummary";

/** A review without text still shows, with this line. */
export const NO_REVIEW_TEXT = "This customer left a rating without a comment.";

export async function loadReviewsSummary(request: FragmentRequest, env: Env): Promise<ReviewsSummaryProps> {
  const view = request.params.view === "page" ? "page" : "block";
  const { summary, reviews } = await loadStoredReviews(env, request.site.slug);
  const shown = isReviewSummaryShown(summary, request.config.reviews);
  return {
    shown,
    view,
    summary: { count: summary?.count ?? 0, average: summary?.average_rating ?? 0 },
    reviews: shown
      ? visibleReviews(reviews, request.config.reviews).map((review) => ({
          id: String(review.id),
          name: review.customer_name,
          text: review.text?.trim() || NO_REVIEW_TEXT,
          rating: review.rating,
          when: review.review_date_in_words ?? review.review_date ?? null,
          reply: review.reply_text?.trim() || null,
        }))
      : [],
  };
}

export const reviewsSummaryFragment: FragmentDefinition<ReviewsSummaryProps, Env> = { load: loadReviewsSummary, Component: ReviewsSummary };
