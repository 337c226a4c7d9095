import { describe, expect, it } from "vitest";
import { rangeMessage, tooLongMessage, tooManyMessage } from "../contract/limits";
import { overrideErrors } from "./config-form";
import { CONFIG_LIMITS, CONFIG_OVERRIDE_MAX_BYTES } from "./site-config";

const link = { label: "Cars", href: "/search" };

describe("site configuration limits", () => {
  it("names an over-long label, hero text and menu entry, with the limit in words", () => {
    const errors = overrideErrors({
      labels: { soldLabel: "x".repeat(CONFIG_LIMITS.label + 1) },
      home: { heroText: "x".repeat(CONFIG_LIMITS.longText + 1) },
      navigation: { links: [{ label: "Cars", href: `/${"x".repeat(CONFIG_LIMITS.href)}` }] },
    });
    expect(errors).toEqual({
      "labels.soldLabel": [tooLongMessage(CONFIG_LIMITS.label)],
      "home.heroText": [tooLongMessage(CONFIG_LIMITS.longText)],
      "navigation.links.0.href": [tooLongMessage(CONFIG_LIMITS.href)],
    });
  });

  it("counts menu entries, phones and excluded stock numbers", () => {
    const errors = overrideErrors({
      navigation: { links: Array.from({ length: CONFIG_LIMITS.navLinks + 1 }, () => link), phones: Array.from({ length: CONFIG_LIMITS.phones + 1 }, () => ({ label: "Sales", number: "07 3000 0000" })) },
      search: { excludedStockNumbers: Array.from({ length: CONFIG_LIMITS.stockNumbers + 1 }, (_, i) => `S${i}`) },
    });
    expect(errors).toEqual({
      "navigation.links": [tooManyMessage(CONFIG_LIMITS.navLinks)],
      "navigation.phones": [tooManyMessage(CONFIG_LIMITS.phones)],
      "search.excludedStockNumbers": [tooManyMessage(CONFIG_LIMITS.stockNumbers)],
    });
  });

  it("bounds figures that had no upper limit", () => {
    expect(overrideErrors({ search: { soldWindowDays: CONFIG_LIMITS.days + 1 }, finance: { establishmentFee: CONFIG_LIMITS.money + 1 } })).toEqual({
      "search.soldWindowDays": [rangeMessage(0, CONFIG_LIMITS.days)],
      "finance.establishmentFee": [rangeMessage(0, CONFIG_LIMITS.money)],
    });
  });

  it("refuses an override over its size as one error under settings", () => {
    const tags = Array.from({ length: 50 }, (_, i) => `${"x".repeat(CONFIG_LIMITS.name - 3)}${i}`);
    const override = { search: { excludedMakes: tags }, finance: { excludedManufacturers: tags }, reviews: { hiddenNames: tags }, vehicle: { favouriteHiddenDealerships: tags.map((tag) => tag.slice(0, 60)) } };
    expect(JSON.stringify(override).length).toBeGreaterThan(CONFIG_OVERRIDE_MAX_BYTES);
    expect(Object.keys(overrideErrors(override))).toEqual(["settings"]);
    expect(overrideErrors(override).settings?.[0]).toMatch(new RegExp(`at most ${CONFIG_OVERRIDE_MAX_BYTES} bytes`));
  });
});
