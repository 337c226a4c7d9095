import { STAR_COUNT, starFills } from "@dealer/shared/rules";

/** Five stars filled by the spec's rule (at most 4 full, then a partial from 30%), read out as one figure. */
export function StarRating({ rating }: { rating: number }) {
  return (
    <span className="stars" role="img" aria-label={`Rated ${rating.toFixed(1)} out of ${STAR_COUNT}`}>
      {starFills(rating).map((fill, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the five stars never reorder
        <span key={index} className="stars__star" aria-hidden="true">
          <span className="stars__fill" style={{ width: `${Math.round(fill * 100)}%` }} />
        </span>
      ))}
    </span>
  );
}
