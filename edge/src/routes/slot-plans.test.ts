import { defaultSiteConfig, resolveSiteConfig } from "@dealer/shared/config";
import { calculatorFiguresSchema } from "@dealer/shared/contract";
import { DRIVE_AWAY_FORM_FIELDS, FINANCE_LINK_PARAMS } from "@dealer/shared/rules";
import { describe, expect, it } from "vitest";
import { DEMO_SITES } from "../../../db/demo/sites";
import { homePlan, matchRoute, slotsFor } from "./slot-plans";

const plan = (path: string, config = defaultSiteConfig) => matchRoute(new URL(path, "https://site.test"), config);

describe("matchRoute", () => {
  it("answers every header and footer link of every demo site with a route", () => {
    for (const site of DEMO_SITES) {
      const config = resolveSiteConfig(site.slug, site.config as Record<string, unknown>);
      const links = [...config.navigation.links.flatMap((l) => [l, ...(l.children ?? [])]), ...(config.navigation.footerGroups ?? []).flatMap((g) => g.links)];
      for (const link of links) expect(plan(link.href, config), `${site.slug} ${link.href}`).not.toBeNull();
    }
  });

  it("routes Our Stock (/cars/), the parts results page and a site's own landing base", () => {
    expect(plan("/cars/")?.plan.name).toBe("our-stock");
    expect(plan("/cars")?.plan.slots[0]?.fragment).toBe("SearchResults");
    expect(plan("/cars/a-car")?.plan.name).toBe("vehicle");
    expect(plan("/parts/search?q=filter")?.plan.slots.map((s) => [s.fragment, s.params?.department])).toEqual([["DirectorySearch", "parts"]]);
    const usedCar = { ...defaultSiteConfig, search: { ...defaultSiteConfig.search, landingBase: "/used-car" } };
    expect(plan("/used-car", usedCar)?.plan.name).toBe("search");
    expect(plan("/used-car/toyota/corolla/", usedCar)?.params).toMatchObject({ landing: "toyota", landingModel: "corolla" });
    expect(plan("/search/used-cars", usedCar)?.params.landing).toBe("used-cars");
    // A site on /search has no /used-car stock pages: that path is a content page (404 unless one exists).
    expect(plan("/used-car/toyota")?.plan.name).toBe("content");
    expect(plan("/used-car/a/b/c", usedCar)).toBeNull();
  });

  it("takes no route param from the query: the path's value wins, and a value the path did not give stays unset", () => {
    expect(plan("/cars/a-car?slug=junk")?.params.slug).toBe("a-car");
    expect(plan("/search?landing=junk&landingModel=x&page=2")?.params).toEqual({});
    expect(plan("/dealer-locator?location=junk&filter=sales")?.params).toEqual({ filter: "sales" });
    expect(plan("/toyota/overview?brand=kia&manufacturer=kia&landing=kia")?.params).toEqual({ brand: "toyota", landing: "toyota", manufacturer: "toyota" });
    expect(plan("/print?car_id=a-car&slug=junk")?.params).toEqual({ car_id: "a-car", slug: "a-car" });
    expect(plan("/?post=junk&subpage=x&q=kept")?.params).toEqual({ q: "kept" });
    // The reviews page reads ?page= and ?location= from its query.
    expect(plan("/pages/reviews?page=2&location=x&slug=y")?.params).toEqual({ page: "2", location: "x" });
  });

  it("routes lead pages to the form of their kind, and location pages to the detail fragment", () => {
    expect(plan("/service")?.plan.slots.map((s) => [s.fragment, s.params?.kind])).toEqual([["EnquiryForm", "service"], ["DirectorySearch", undefined], ["LocationList", undefined]]);
    expect(plan("/pages/book-a-service")?.plan.name).toBe("form-service");
    expect(plan("/sell-your-car/")?.plan.name).toBe("form-sell_my_car");
    for (const path of ["/our-location/x", "/locations/x", "/contact-us/x"]) {
      expect(plan(path)?.plan.slots[0]?.fragment).toBe("LocationDetail");
      expect(plan(path)?.params.location).toBe("x");
    }
  });

  it("routes the checkout paths and /checkout-journey?car_id to the Checkout form, and the confirmation to its step", () => {
    for (const path of ["/cars/a-car/checkout", "/cars/a-car/buy-online", "/checkout-journey?car_id=a-car"]) {
      const match = plan(path);
      expect(match?.plan.slots.map((s) => s.fragment), path).toEqual(["Checkout"]);
      expect(match?.plan.requires).toBe("car");
      expect(match?.params.slug).toBe("a-car");
    }
    expect(plan("/checkout/confirmation?reservation=res_1")?.plan.slots[0]?.params).toEqual({ step: "confirmation" });
  });

  it("gives brand overview pages the brand as the search landing and the locations' manufacturer", () => {
    const match = plan("/toyota/overview");
    expect(match?.plan.requires).toBe("brand");
    expect(match?.params).toMatchObject({ brand: "toyota", landing: "toyota", manufacturer: "toyota" });
  });

  it("sends other one- or two-segment paths to content pages and rejects deeper or odd paths", () => {
    expect(plan("/about-us")?.plan.shellPage).toBe("content");
    expect(plan("/pages/warranty")?.plan.shellPage).toBe("content");
    expect(plan("/a/b/c")).toBeNull();
    expect(plan("/%3Cscript%3E")).toBeNull();
  });
});

describe("homePlan", () => {
  it("places the site's sections in order: shell parts before the slot that follows them", () => {
    const config = resolveSiteConfig("s", { features: { salesCounter: true, statisticsBanner: true }, home: { sections: ["salesCounter", "statistics", "promotions", "locations", "reviews", "blog"] } });
    const home = homePlan(config);
    expect(home.slots.map((s) => s.slot)).toEqual(["sales-counter", "locations", "reviews", "recently-viewed"]);
    expect(home.parts).toEqual([
      { name: "hero", before: "sales-counter" },
      { name: "statistics", before: "locations" },
      { name: "promotions", before: "locations" },
      { name: "blog-cards", before: "recently-viewed" },
    ]);
    // Recently viewed closes the page and, far below the fold, loads on approach.
    expect(home.slots.at(-1)).toMatchObject({ remote: "mf-vehicle", fragment: "RecentlyViewed", fold: "below" });
  });

  it("gives the default home page a featured stock row from mf-search that needs no script until touched", () => {
    const featured = homePlan(defaultSiteConfig).slots.find((s) => s.slot === "featured-stock");
    expect(featured).toMatchObject({ remote: "mf-search", fragment: "FeaturedStock", hydrate: "interaction", fold: "below" });
  });

  it("leaves out the sales counter and statistics where the feature is off", () => {
    const home = homePlan(resolveSiteConfig("s", { home: { sections: ["salesCounter", "statistics", "locations"] } }));
    expect(home.slots.map((s) => s.slot)).toEqual(["locations", "recently-viewed"]);
    expect(home.parts).toEqual([{ name: "hero", before: "locations" }]);
  });
});

describe("favourites, compare and recently viewed", () => {
  it("/compare and /favourites are mf-vehicle pages, not content pages; search ends with recently viewed", () => {
    const plan = (path: string) => matchRoute(new URL(`http://x.localhost${path}`), defaultSiteConfig)?.plan;
    expect(plan("/compare")?.slots.map((s) => `${s.remote}:${s.fragment}`)).toEqual(["mf-vehicle:ComparePage"]);
    expect(plan("/favourites/")?.slots.map((s) => `${s.remote}:${s.fragment}`)).toEqual(["mf-vehicle:FavouritesPage"]);
    expect(plan("/search")?.slots.map((s) => s.fragment)).toEqual(["SearchResults", "RecentlyViewed"]);
  });
});

const vehiclePlan = () => {
  const match = matchRoute(new URL("http://x.localhost/cars/2021-toyota-corolla"), defaultSiteConfig);
  if (!match) throw new Error("no vehicle route");
  return match.plan;
};
const slotNames = (car: Parameters<typeof slotsFor>[1]) =>
  slotsFor(vehiclePlan(), car).slots.map((slot) => `${slot.slot}:${slot.fragment}${slot.params?.kind ? `:${slot.params.kind}` : ""}`);

describe("vehicle page slots", () => {
  it("composes every section of an in-stock car, with finance and the enquiry form in the aside", () => {
    expect(slotNames({ sold: false, testDriveOnly: false, fuelCalculator: true, chat: false })).toEqual([
      "vehicle:VehicleDetail",
      "vehicle-info:VehicleInfo",
      "price-comparison:PriceComparison",
      "estimate:EstimatePanel",
      "calculator:RepaymentCalculator",
      "fuel-cost:FuelCost",
      "delivery-cost:DeliveryCost",
      "photo-request:EnquiryForm:photo_request",
      "similar:SimilarVehicles",
      "vehicle-location:VehicleLocation",
      "finance:FinanceBox",
      "enquiry:EnquiryForm:enquiry",
    ]);
  });

  it("gives a sold car no finance box or calculator", () => {
    expect(slotNames({ sold: true, testDriveOnly: false, fuelCalculator: true, chat: false })).not.toContain("finance:FinanceBox");
    expect(slotNames({ sold: true, testDriveOnly: false, fuelCalculator: true, chat: false })).not.toContain("delivery-cost:DeliveryCost");
    expect(slotNames({ sold: true, testDriveOnly: false, fuelCalculator: true, chat: false })).not.toContain("photo-request:EnquiryForm:photo_request");
    expect(slotNames({ sold: true, testDriveOnly: false, fuelCalculator: true, chat: false })).toContain("enquiry:EnquiryForm:enquiry");
  });

  it("gives a car without a fuel cost calculator (a caravan) no fuel-cost slot", () => {
    expect(slotNames({ sold: false, testDriveOnly: false, fuelCalculator: false, chat: false })).not.toContain("fuel-cost:FuelCost");
  });

  it("adds the sidebar chat after the enquiry form only where the site offers it", () => {
    expect(slotNames({ sold: false, testDriveOnly: false, fuelCalculator: true, chat: true }).slice(-2)).toEqual(["enquiry:EnquiryForm:enquiry", "chat:InstantChat"]);
    expect(slotNames({ sold: false, testDriveOnly: false, fuelCalculator: true, chat: false })).not.toContain("chat:InstantChat");
  });

  it("gives a test-drive-only car the Book a Test Drive form in the enquiry slot", () => {
    const names = slotNames({ sold: false, testDriveOnly: true, fuelCalculator: true, chat: false });
    expect(names).toContain("enquiry:EnquiryForm:test_drive");
    expect(names).not.toContain("enquiry:EnquiryForm:enquiry");
  });

  it("says what every slot reads of the page's params, whatever the car (ADR 0114): the slug, and a fragment's own query", () => {
    const cars = [true, false].flatMap((sold) => [true, false].map((testDriveOnly) => ({ sold, testDriveOnly, fuelCalculator: true, chat: true })));
    for (const car of cars) for (const slot of slotsFor(vehiclePlan(), car).slots) expect(slot.reads, slot.slot).toContain("slug");
    const readsOf = (fragment: string) => vehiclePlan().slots.find((slot) => slot.fragment === fragment)?.reads ?? [];
    expect(readsOf("VehicleDetail")).toEqual(["slug", DRIVE_AWAY_FORM_FIELDS.state, DRIVE_AWAY_FORM_FIELDS.postcode]);
    expect(readsOf("EstimatePanel")).toContain("vehiclePriceBudget");
    expect(readsOf("RepaymentCalculator")).toEqual(expect.arrayContaining(["vehiclePriceBudget", "preferredDealership"]));
    // Every enquiry form of the page: the finance link's parameters and the calculator's figures its load reads.
    for (const form of vehiclePlan().slots.filter((slot) => slot.fragment === "EnquiryForm"))
      expect(form.reads).toEqual(expect.arrayContaining([...FINANCE_LINK_PARAMS, ...Object.keys(calculatorFiguresSchema.shape), "car_id", "location"]));
  });
});
