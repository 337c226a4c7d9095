import { useId, useState } from "react";
import { Carousel, CarouselControls, CarouselTrack } from "../../ui/Carousel";
import { StarRating } from "../../ui/StarRating";
import type { ReviewCard, ReviewsSummaryProps } from "./props";

export type { ReviewsSummaryProps } from "./props";

function Review({ review, headingLevel }: { review: ReviewCard; headingLevel: "h3" | "h2" }) {
  const Heading = headingLevel;
  return (
    <article className="review-card">
      <Heading className="review-card__name">{review.name}</Heading>
      <StarRating rating={review.rating} />
      {review.when ? <p className="review-card__when">{review.when}</p> : null}
      <p className="review-card__text">{review.text}</p>
      {review.reply ? <p className="review-card__reply">Reply from the dealer: {review.reply}</p> : null}
    </article>
  );
}

/** The terms under the reviews: a toggle on phones, always open on wider screens. */
function ReviewTerms() {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className="reviews-terms" data-open={open ? "true" : "false"}>
      <button type="button" className="reviews-terms__toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        Review terms
      </button>
      <p id={id} className="reviews-terms__body">
        Reviews are collected from verified customers through Google. We show reviews rated 4 stars or more; the average
        and count include every review.
      </p>
    </div>
  );
}

/** The reviews page's location filter: a GET form, so it works before the script loads; a choice applies at once. */
function LocationFilter({ locations, location }: Pick<ReviewsSummaryProps, "locations" | "location">) {
  const id = useId();
  if (locations.length < 2) return null;
  return (
    <form className="reviews__filter" method="get" aria-label="Filter reviews">
      <label htmlFor={`${id}-location`}>Location </label>
      <select id={`${id}-location`} name="location" defaultValue={location} onChange={(event) => event.currentTarget.form?.requestSubmit()}>
        <option value="">All locations</option>
        {locations.map((l) => (
          <option key={l.slug} value={l.slug}>
            {l.name}
          </option>
        ))}
      </select>{" "}
      <button type="submit">Show</button>
    </form>
  );
}

/** Previous and next pages of the reviews, as links (they work without a script and can be shared). */
function Pager({ paging, location }: { paging: NonNullable<ReviewsSummaryProps["paging"]>; location: string }) {
  const href = (page: number) => `?${new URLSearchParams({ ...(location ? { location } : {}), page: String(page) })}`;
  return (
    <nav className="reviews__pager" aria-label="Reviews pages">
      {paging.page > 1 ? <a href={href(paging.page - 1)}>Previous reviews</a> : null}
      <span>{`Page ${paging.page} of ${paging.pages} (${paging.total.toLocaleString("en-AU")} reviews shown of 4 stars or more)`}</span>
      {paging.page < paging.pages ? <a href={href(paging.page + 1)}>More reviews</a> : null}
    </nav>
  );
}

/** The reviews summary (average, stars, count) and the reviews in a carousel, or as a paged list on /pages/reviews. */
export default function ReviewsSummary({ shown, view, summary, reviews, paging, locations, location }: ReviewsSummaryProps) {
  const id = useId();
  if (!shown) return view === "page" ? <p className="reviews__unavailable">Reviews are not available at the moment.</p> : null;
  const Heading = view === "page" ? "h1" : "h2";
  return (
    <section className="reviews" aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`}>Customer reviews</Heading>
      <p className="reviews__summary">
        <strong className="reviews__average">{summary.average.toFixed(1)}</strong> <StarRating rating={summary.average} />{" "}
        <span className="reviews__count">{`${summary.count.toLocaleString("en-AU")} reviews`}</span>
      </p>
      {view === "page" ? <LocationFilter locations={locations} location={location} /> : null}
      {view === "page" ? (
        <ul className="reviews__list">
          {reviews.map((review) => (
            <li key={review.id}>
              <Review review={review} headingLevel="h2" />
            </li>
          ))}
        </ul>
      ) : (
        <Carousel label="Customer reviews" count={reviews.length}>
          <CarouselTrack>
            {reviews.map((review, index) => (
              <li key={review.id} className="carousel__item" aria-roledescription="slide" aria-label={`${index + 1} of ${reviews.length}`}>
                <Review review={review} headingLevel="h3" />
              </li>
            ))}
          </CarouselTrack>
          <CarouselControls />
        </Carousel>
      )}
      {paging ? <Pager paging={paging} location={location} /> : null}
      {view === "block" ? (
        <p>
          <a href="/pages/reviews">Read all reviews</a>
        </p>
      ) : null}
      <ReviewTerms />
    </section>
  );
}
