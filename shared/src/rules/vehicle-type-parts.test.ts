import { describe, expect, it } from "vitest";
import { defaultSiteConfig } from "../config/defaults";
import { fuelCalculatorShown, kmFilterShown, promoCardsFor, siteItemType } from "./vehicle-type-parts";

describe("the parts each vehicle type gets", () => {
  it("a site sells what its template says; dealer groups and used-only sites sell cars", () => {
    expect(siteItemType("caravan")).toBe("caravan");
    expect(siteItemType("motorcycle")).toBe("motorcycle");
    expect(siteItemType("dealer-group")).toBe("car");
    expect(siteItemType("used-only")).toBe("car");
  });
  it("no fuel cost calculator for caravans or electric vehicles", () => {
    expect(fuelCalculatorShown({ item_type: "caravan", simple_fuel: null, fuel: null })).toBe(false);
    expect(fuelCalculatorShown({ item_type: "car", simple_fuel: "Electric", fuel: null })).toBe(false);
    expect(fuelCalculatorShown({ item_type: "truck", simple_fuel: "Diesel", fuel: null })).toBe(true);
  });
  it("no km slider for caravans", () => {
    expect(kmFilterShown("caravan")).toBe(false);
    expect(kmFilterShown("motorcycle")).toBe(true);
  });
  it("the default 'We Want Your Car' card is for car sites only; a card without types shows everywhere", () => {
    const promos = defaultSiteConfig.search.promoCards;
    expect(promoCardsFor(promos, "car").map((promo) => promo.title)).toEqual(["We Want Your Car"]);
    for (const type of ["motorcycle", "truck", "caravan"] as const) expect(promoCardsFor(promos, type)).toEqual([]);
    const anyType = { position: 2, title: "Sell to us", text: "", href: "/sell-my-car" };
    expect(promoCardsFor([anyType], "truck")).toEqual([anyType]);
  });
});
