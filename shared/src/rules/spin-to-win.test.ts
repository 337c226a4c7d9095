import { describe, expect, it } from "vitest";
import { SPIN_PRIZES, spinPrize } from "./spin-to-win";

describe("spin-to-win", () => {
  it("the chances add up to 100 percent", () => {
    expect(SPIN_PRIZES.reduce((sum, prize) => sum + prize.percent, 0)).toBe(100);
  });
  it("a draw falls in the prize whose share holds it, the ends included", () => {
    expect(spinPrize(0)).toBe("$50 fuel voucher");
    expect(spinPrize(0.0999)).toBe("$50 fuel voucher");
    expect(spinPrize(0.1)).toBe("Free interior detail");
    expect(spinPrize(0.5)).toBe("10% off your next service");
    expect(spinPrize(0.79)).toBe("Free wheel alignment");
    expect(spinPrize(0.99999)).toBe("Better luck next time");
    expect(spinPrize(1.5)).toBe("Better luck next time");
  });
});
