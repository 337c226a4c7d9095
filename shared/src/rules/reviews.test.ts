import { describe, expect, it } from "vitest";
import { defaultSiteConfig } from "../config/defaults";
import { isReviewSummaryShown, reviewPageNumber, reviewVisibility, starFills } from "./reviews";

const config = { ...defaultSiteConfig.reviews, hiddenNames: ["Jane Doe", "John Smith"] };

describe("reviews", () => {
  it("summary shown above the minimum and when not hidden (sample 885 at 4.6)", () => {
    expect(isReviewSummaryShown({ count: 885, average_rating: 4.6 }, config)).toBe(true);
    expect(isReviewSummaryShown({ count: 885, average_rating: 4 }, config)).toBe(false);
    expect(isReviewSummaryShown({ count: 885, average_rating: 4.6 }, { ...config, hidden: true })).toBe(false);
  });
  it("reviews rated 4 or more, hidden names compared trimmed in any case", () => {
    expect(reviewVisibility({ ...config, hiddenNames: [" Jane Doe ", "JOHN smith"] })).toEqual({ minimumRating: 4, hiddenNames: ["jane doe", "john smith"] });
  });
  it("a page number from the query is a whole number within the pages, else the first", () => {
    expect(reviewPageNumber("2", 885)).toEqual({ page: 2, pages: 74, offset: 12 });
    expect(reviewPageNumber("999", 885)).toEqual({ page: 74, pages: 74, offset: 876 });
    for (const raw of [undefined, "", "x", "-1", "0", "1.5", "1e3"]) expect(reviewPageNumber(raw, 885).page).toBe(1);
    expect(reviewPageNumber("3", 0)).toEqual({ page: 1, pages: 1, offset: 0 });
  });
  it("star fill: partial from 30%, at most 4 full plus a partial", () => {
    expect(starFills(4.6)).toEqual([1, 1, 1, 1, 0.6]);
    expect(starFills(4.2)).toEqual([1, 1, 1, 1, 0]);
    expect(starFills(3.3)).toEqual([1, 1, 1, 0.3, 0]);
    expect(starFills(5)).toEqual([1, 1, 1, 1, 1]);
    expect(starFills(0)).toEqual([0, 0, 0, 0, 0]);
  });
});
