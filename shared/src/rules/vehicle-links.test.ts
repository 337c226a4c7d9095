import { describe, expect, it } from "vitest";
import { makeCar } from "./test-fixtures";
import { brandTilePath, vehicleBreadcrumbs, checkoutPath, locatedAtText, onlinePurchasePath, printPath, shareToastText, tradeInPath } from "./vehicle-links";

describe("vehicle links", () => {
  it("builds the spec's routes", () => {
    expect(checkoutPath("a-car", { checkoutPath: "checkout" })).toBe("/cars/a-car/checkout");
    expect(checkoutPath("a-car", { checkoutPath: "buy-online" })).toBe("/cars/a-car/buy-online");
    expect(onlinePurchasePath("a-car")).toBe("/checkout-journey?car_id=a-car");
    expect(tradeInPath(7)).toBe("/cars/trade-in?car_id=7");
    expect(printPath("a-car")).toBe("/print?car_id=a-car");
  });
  it("brand tiles go to /{brand}/overview unless skipPage", () => {
    expect(brandTilePath({ slug: "kia" })).toBe("/kia/overview");
    expect(brandTilePath({ slug: "twg-cars", skipPage: true })).toBe("/twg-cars");
    expect(brandTilePath({ slug: "x", skipPage: "/finance-and-insurance" })).toBe("/finance-and-insurance");
  });
  it("'Located at {city}' only when cities differ", () => {
    expect(locatedAtText("Gold Coast", "Brisbane")).toBe("Located at Gold Coast");
    expect(locatedAtText("Brisbane", "brisbane")).toBeNull();
  });
  it("share toast", () => {
    expect(shareToastText("2021 Toyota Corolla")).toBe("Copied 2021 Toyota Corolla to your clipboard!");
  });
});

describe("breadcrumbs", () => {
  it("Home > type > make > model > body > current", () => {
    const crumbs = vehicleBreadcrumbs(makeCar({ simple_body: "Hatch" }), { landingBase: "/search" });
    expect(crumbs.map((c) => c.label)).toEqual(["Home", "Used", "Toyota", "Corolla", "Hatch", "2021 Toyota Corolla Ascent Sport"]);
    expect(crumbs.map((c) => c.href)).toEqual(["/", "/search/used-cars", "/search/toyota", "/search/toyota/corolla", "/search/hatch", null]);
  });
});
