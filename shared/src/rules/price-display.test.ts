import { describe, expect, it } from "vitest";
import { priceDisplay } from "./price-display";
import { makeCar, makeConfig } from "./test-fixtures";

const config = makeConfig();
const subscriptions = makeConfig({ features: { subscriptions: true } });

describe("price display priority", () => {
  it("1. subscription per week when the site offers it and the value is above 0", () => {
    const car = makeCar({ subscription_price: 149 });
    expect(priceDisplay(car, subscriptions)).toEqual({ kind: "subscription", amount: 149, suffix: "/wk" });
    expect(priceDisplay(car, config).kind).toBe("price");
    expect(priceDisplay(makeCar({ subscription_price: 0 }), subscriptions).kind).toBe("price");
  });

  it("2. offer price above 10 with a higher before_price struck through", () => {
    expect(priceDisplay(makeCar({ price: 27990, offer_price: 25990, before_price: 27990 }), config)).toEqual({
      kind: "price",
      amount: 25990,
      struckBeforePrice: 27990,
    });
    expect(priceDisplay(makeCar({ price: 27990, before_price: 20000 }), config)).toEqual({ kind: "price", amount: 27990, struckBeforePrice: null });
    expect(priceDisplay(makeCar({ price: 27990, offer_price: 10 }), config)).toMatchObject({ amount: 27990 });
  });

  it("3. PREORDER, 4. the configured no-price text", () => {
    expect(priceDisplay(makeCar({ price: null, preorder: true }), config)).toEqual({ kind: "preorder", text: "PREORDER" });
    expect(priceDisplay(makeCar({ price: 0 }), config)).toEqual({ kind: "text", text: "Enquire for price." });
    expect(priceDisplay(makeCar({ price: null }), makeConfig({ labels: { noPriceText: "Call us" } }))).toEqual({ kind: "text", text: "Call us" });
  });
});
