import { SITE_TEMPLATES } from "./templates";
import { describe, expect, it } from "vitest";
import { defaultSiteConfig } from "./defaults";
import { resolveSiteConfig, SiteConfigError } from "./resolve";
import { pageConfigOf, siteConfigSchema } from "./site-config";

describe("site configuration", () => {
  it("the defaults are valid and carry the spec's values", () => {
    expect(siteConfigSchema.parse(defaultSiteConfig)).toEqual(defaultSiteConfig);
    expect(defaultSiteConfig.labels).toMatchObject({ justArrivedDays: 8, justArrivedLabel: "Just Arrived", soldLabel: "JUST SOLD", noPriceText: "Enquire for price.", enquireButton: "Enquire Now", submitText: "Submit Form" });
    expect(defaultSiteConfig.search.soldWindowDays).toBe(3);
    expect(defaultSiteConfig.reserve.amount).toBe(200);
    expect(defaultSiteConfig.reviews.minimumRating).toBe(4);
    expect(defaultSiteConfig.finance.defaultInterestRate).toBe(10);
    expect(defaultSiteConfig.finance.calculator).toMatchObject({ priceMin: 1000, priceMax: 250000, termMinYears: 1, termMaxYears: 7, rateMin: 0.5, rateMax: 15 });
    expect(defaultSiteConfig.budget).toMatchObject({ defaultRepaymentWeekly: 200, defaultRepaymentMonthly: 600, defaultDeposit: 2000, defaultPeriod: "weekly", sliderMin: 5000, sliderMax: 250000, sliderStep: 500 });
    expect(defaultSiteConfig.vehicle.similarCarsCount).toBe(6);
  });

  it("a partial override deep-merges over the defaults", () => {
    const config = resolveSiteConfig("summit-auto-group", { labels: { soldLabel: "SOLD" }, finance: { calculator: { rateMin: 7.5, rateMax: 14.5 } } });
    expect(config.labels.soldLabel).toBe("SOLD");
    expect(config.labels.justArrivedLabel).toBe("Just Arrived");
    expect(config.finance.calculator).toMatchObject({ rateMin: 7.5, rateMax: 14.5, priceMax: 250000 });
  });

  it("refuses the retired tag banner with the label that replaced it: the card and the car page share one", () => {
    expect(() => resolveSiteConfig("s", { labels: { tagBanner: "New Arrival" } })).toThrowError(/labels\.tagBanner: The car page's banner reads labels\.justArrivedLabel/);
  });

  it("an invalid value names the bad key", () => {
    expect(() => resolveSiteConfig("s", { reserve: { amount: -5 } })).toThrowError(/reserve\.amount/);
    expect(() => resolveSiteConfig("s", { vehicle: { defaultViewerMode: "vr" } })).toThrowError(/vehicle\.defaultViewerMode/);
  });

  it("an unknown key is named with its path", () => {
    try {
      resolveSiteConfig("s", { labels: { soldLable: "SOLD" } });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(SiteConfigError);
      expect((error as SiteConfigError).problems).toEqual(["unknown key labels.soldLable"]);
    }
  });
});

describe("templates", () => {
  it("a site starts from its template's defaults and overrides only what differs", () => {
    expect(resolveSiteConfig("x", {}, "used-only").search.usedOnly).toBe(true);
    expect(resolveSiteConfig("x", {}, "car-dealer").search.usedOnly).toBe(false);
    const group = resolveSiteConfig("x", { features: { salesCounter: false } }, "dealer-group");
    expect(group.features.brandsPage).toBe(true);
    expect(group.features.salesCounter).toBe(false);
    expect(resolveSiteConfig("x", {}, "truck").search.priceSliderMax).toBe(400000);
  });

  it("every template's defaults are valid config", () => {
    for (const template of Object.keys(SITE_TEMPLATES) as (keyof typeof SITE_TEMPLATES)[]) expect(() => resolveSiteConfig("x", {}, template)).not.toThrow();
  });
});

describe("the config's vehicle types", () => {
  it("are the car contract's item types", async () => {
    const { itemTypeSchema } = await import("../contract/car");
    const { promoItemTypeSchema } = await import("./site-config");
    expect(promoItemTypeSchema.options).toEqual(itemTypeSchema.options);
  });
});

describe("the page's copy of the settings (ADR 0072)", () => {
  it("leaves out the drive-away rates, which the server's estimate reads with the site's own override", () => {
    const config = resolveSiteConfig("t", { driveAway: { deliveryCharge: 700, rates: { NSW: { transferFee: 77 } } } });
    expect(config.driveAway.rates.NSW.transferFee).toBe(77);
    expect(config.driveAway.rates.VIC).toEqual(defaultSiteConfig.driveAway.rates.VIC);
    const page = pageConfigOf(config);
    expect(page.driveAway).toEqual({ deliveryCharge: 700 });
    expect(JSON.stringify(page)).not.toContain("transferFee");
    expect({ ...page, driveAway: config.driveAway }).toEqual(config);
  });
});
