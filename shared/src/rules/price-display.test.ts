import { describe, expect, it } from "vitest";
import { priceDisplay, shownPriceText, shownPriceType } from "./price-display";
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

describe("the price type beside a shown price (ACL s48)", () => {
  it("an amount carries the feed's price type, else 'Excl. Government Charges'; a subscription says so; PREORDER or words carry none", () => {
    const config = makeConfig({ features: { subscriptions: true } });
    const shown = (car: Parameters<typeof makeCar>[0]) => shownPriceType(priceDisplay(makeCar(car), config), makeCar(car).price_type);
    expect(shown({ price: 30_000, price_type: "Drive Away" })).toBe("Drive Away");
    expect(shown({ price: 30_000, price_type: null })).toBe("Excl. Government Charges");
    expect(shown({ price: 30_000, subscription_price: 199, price_type: "Drive Away" })).toBe("Weekly subscription");
    expect(shown({ price: null, offer_price: null, preorder: true })).toBeNull();
    expect(shown({ price: null, offer_price: null })).toBeNull();
  });
});

describe("a shown price as one line of text", () => {
  it("the amount and its type, a subscription and what it is, or the words alone", () => {
    const config = makeConfig({ features: { subscriptions: true } });
    const line = (car: Parameters<typeof makeCar>[0]) => shownPriceText(priceDisplay(makeCar(car), config), makeCar(car).price_type);
    expect(line({ price: 39_990, price_type: "Drive Away" })).toBe("$39,990 Drive Away");
    expect(line({ price: 30_000, subscription_price: 385 })).toBe("$385/wk Weekly subscription");
    expect(line({ price: null, offer_price: null, preorder: true })).toBe("PREORDER");
  });
});
