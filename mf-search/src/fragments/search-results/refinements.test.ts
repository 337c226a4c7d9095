import { describe, expect, it } from "vitest";
import { rangeChipText } from "./refinements";

describe("a range refinement's chip", () => {
  it("reads with its units, and says which side is open", () => {
    expect(rangeChipText("price", "10000:30000")).toBe("Price $10,000 to $30,000");
    expect(rangeChipText("weekly_price_range", "200:")).toBe("Weekly repayment from $200/wk");
    expect(rangeChipText("km", ":50000")).toBe("Kilometres up to 50,000 km");
    expect(rangeChipText("year", "2015:2020")).toBe("year 2015 to 2020");
  });
});
