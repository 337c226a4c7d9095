import { describe, expect, it } from "vitest";
import { gatedRedirect, gateFor } from "./gating";

const features = { checkoutGated: false, tradeInGated: false };
const anonymous = { signedIn: false, loading: false };

describe("gated routes", () => {
  it("garage pages, spin-to-win and online payment always", () => {
    expect(gateFor("/my-garage", features)).toBe("garage");
    expect(gateFor("/toyota-garage", features)).toBe("garage");
    expect(gateFor("/spin-to-win", features)).toBe("spin-to-win");
    expect(gateFor("/online-payment", features)).toBe("online-payment");
    expect(gateFor("/watchlist", features)).toBe("watchlist");
    expect(gateFor("/search", features)).toBeNull();
  });
  it("checkout for some dealers, not without a car slug; personalised finance with has_nvic", () => {
    expect(gateFor("/cars/a-car/checkout", features)).toBeNull();
    expect(gateFor("/cars/a-car/checkout", { ...features, checkoutGated: true })).toBe("checkout");
    expect(gateFor("/checkout", { ...features, checkoutGated: true })).toBeNull();
    expect(gateFor("/personalised/finance?car_id=1", features, true)).toBe("finance");
    expect(gateFor("/personalised/finance?car_id=1", features, false)).toBeNull();
  });
  it("the credit-check finance page, under each name a dealer links to, always", () => {
    for (const path of ["/finance/credit-check", "/credit-check", "/credit-score/", "/know-your-credit-score?car_id=3"]) expect(gateFor(path, features)).toBe("credit-check");
    expect(gateFor("/finance", features)).toBeNull();
    expect(gateFor("/credit-check-faq", features)).toBeNull();
    expect(gatedRedirect("/credit-score", features, anonymous)).toBe("/sign-in?type=credit-check&redirect=%2Fcredit-score&back=%2Fcredit-score");
  });
  it("trade-in and sell-my-car are not gated by default", () => {
    expect(gateFor("/trade-in", features)).toBeNull();
    expect(gateFor("/sell-my-car", { ...features, tradeInGated: true })).toBe("trade-in");
  });
  it("redirects once loading has finished, with type, redirect and back", () => {
    expect(gatedRedirect("/my-garage", features, { ...anonymous, loading: true })).toBeNull();
    expect(gatedRedirect("/my-garage", features, { signedIn: true, loading: false })).toBeNull();
    expect(gatedRedirect("/my-garage", features, anonymous)).toBe("/sign-in?type=garage&redirect=%2Fmy-garage&back=%2Fmy-garage");
  });
});
