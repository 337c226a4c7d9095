import { describe, expect, it } from "vitest";
import { defaultSiteConfig } from "../config/defaults";
import { isReviewSummaryShown, starFills, visibleReviews } from "./reviews";

const config = { ...defaultSiteConfig.reviews, hiddenNames: ["Jane Doe", "John Smith"] };

describe("reviews", () => {
  it("summary shown above the minimum and when not hidden (sample 885 at 4.6)", () => {
    expect(isReviewSummaryShown({ count: 885, average_rating: 4.6 }, config)).toBe(true);
    expect(isReviewSummaryShown({ count: 885, average_rating: 4 }, config)).toBe(false);
    expect(isReviewSummaryShown({ count: 885, average_rating: 4.6 }, { ...config, hidden: true })).toBe(false);
  });
  it("reviews rated 4 or more, hidden names left out", () => {
    const list = [
      { customer_name: "Alex", rating: 5 }, { customer_name: "Bo", rating: 3 }, { customer_name: "jane doe", rating: 5 }, { customer_name: "Cy", rating: 4 },
    ];
    expect(visibleReviews(list, config).map((r) => r.customer_name)).toEqual(["Alex", "Cy"]);
  });
  it("star fill: partial from 30%, at most 4 full plus a partial", () => {
    expect(starFills(4.6)).toEqual([1, 1, 1, 1, 0.6]);
    expect(starFills(4.2)).toEqual([1, 1, 1, 1, 0]);
    expect(starFills(3.3)).toEqual([1, 1, 1, 0.3, 0]);
    expect(starFills(5)).toEqual([1, 1, 1, 1, 1]);
    expect(starFills(0)).toEqual([0, 0, 0, 0, 0]);
  });
});
