import { resolveSiteConfig } from "@dealer/shared/config";
import { carSchema, type CarInput, directoryOfferSchema, locationSchema, photoUrlOf } from "@dealer/shared/contract";
import { DEMO_WALKAROUND_VIDEOS } from "@dealer/shared/media";
import { describe, expect, it } from "vitest";
import { PAINT_COLOURS } from "./appearance";
import { addDays } from "./dates";
import { demoSpinCars } from "./media";
import { DEMO_OPERATOR_KEY, demoWriteKey, generateDemoData } from "./generate";

const TODAY = "2026-05-10";
const data = generateDemoData({ today: TODAY });
const bySite = (site: string) => data.vehicles.filter((v) => v.site === site);
const count = (vehicles: CarInput[], predicate: (v: CarInput) => boolean) => vehicles.filter(predicate).length;

describe("generateDemoData", () => {
  it("is deterministic for the same day", { timeout: 30_000 }, () => {
    expect(generateDemoData({ today: TODAY })).toEqual(data);
  });

  it("keeps the stock fixed and moves only its dates with the day", () => {
    const tomorrow = generateDemoData({ today: addDays(TODAY, 1) });
    expect(tomorrow.vehicles.map((v) => v.stocknum)).toEqual(data.vehicles.map((v) => v.stocknum));
    expect(tomorrow.vehicles.map((v) => v.price)).toEqual(data.vehicles.map((v) => v.price));
    expect(tomorrow.vehicles[0]?.created_at).not.toBe(data.vehicles[0]?.created_at);
  });

  it("dates nothing after the start of the day it is made for (a time later today may not have come yet when it runs)", () => {
    const start = `${TODAY}T00:00:00.000Z`;
    const stamps = data.vehicles.flatMap((v) => [v.created_at, v.updated_at, v.sold_date]).filter((stamp): stamp is string => typeof stamp === "string");
    expect(stamps.filter((stamp) => stamp > start)).toEqual([]);
    expect(stamps.filter((stamp) => stamp === start).length).toBeGreaterThan(0);
  });

  it("rejects a day that is not YYYY-MM-DD", () => {
    expect(() => generateDemoData({ today: "10/05/2026" })).toThrow(/YYYY-MM-DD/);
  });

  it("gives every dealership's service and parts offers a valid shape, only for the departments it runs", () => {
    expect(data.directoryOffers.filter((offer) => !directoryOfferSchema.safeParse(offer).success)).toEqual([]);
    expect(new Set(data.directoryOffers.map((offer) => offer.id)).size).toBe(data.directoryOffers.length);
    // Summit's group: five dealerships, more than one page (21) of offers; a sales-and-service-only dealership has no parts offers.
    expect(data.directoryOffers.filter((offer) => offer.site === "summit-auto-group").length).toBeGreaterThan(21);
    expect(data.directoryOffers.filter((offer) => offer.site === "metro-certified" && offer.department === "parts")).toEqual([]);
  });

  it("gives every vehicle a shape carSchema accepts", () => {
    const failures = data.vehicles.filter((v) => !carSchema.safeParse(v).success).map((v) => v.stocknum);
    expect(failures).toEqual([]);
  });

  it("gives every location a shape locationSchema accepts, with hours per department and holidays", () => {
    for (const location of data.locations) {
      expect(locationSchema.safeParse(location).success).toBe(true);
      expect(location.contact_detail.opening_hours).toHaveLength(7 * location.location_type.length);
      expect(location.special_hours.length).toBeGreaterThan(0);
      expect(location.reviews?.count).toBeGreaterThan(0);
    }
  });

  it("gives Outback Trucks Welshpool and Ridge Ringwood distribution locations, copied onto their cars", () => {
    const welshpool = data.locations.find((location) => location.name === "Outback Trucks Welshpool");
    expect(welshpool?.distribution_locations.map((place) => place.name)).toEqual(["Kalgoorlie depot", "Karratha depot", "Geraldton depot"]);
    const cars = data.vehicles.filter((v) => v.location?.id === welshpool?.id);
    expect(cars.length).toBeGreaterThan(0);
    expect(cars.every((v) => v.location?.distribution_locations?.length === 3)).toBe(true);
    expect(bySite("ridge-motorcycles").every((v) => v.location?.distribution_locations?.length === 2)).toBe(true);
    expect(data.locations.filter((location) => location.distribution_locations.length > 0)).toHaveLength(2);
  });

  it("creates the six demo sites with valid, distinct configs", () => {
    expect(data.sites.map((s) => s.slug)).toEqual([
      "harbour-city-motors",
      "summit-auto-group",
      "metro-certified",
      "ridge-motorcycles",
      "outback-trucks",
      "coastal-caravans",
    ]);
    const configs = data.sites.map((s) => resolveSiteConfig(s.slug, s.config));
    expect(new Set(configs.map((c) => c.theme.primary)).size).toBe(6);
    expect(new Set(configs.map((c) => c.finance.provider)).size).toBe(6);
    const summit = configs[1];
    expect(summit?.features).toMatchObject({ brandsPage: true, statisticsBanner: true, salesCounter: true });
    expect(configs[2]?.search).toMatchObject({ usedOnly: true, certifiedOnly: true });
    expect(configs[2]?.search.preset).not.toBeNull();
    for (const d of data.dealerships) {
      expect(d.finance_provider).toBe(resolveSiteConfig(d.site, data.sites.find((s) => s.slug === d.site)?.config).finance.provider);
    }
  });

  it("gives the dealer group at least four dealerships and eight locations across five states", () => {
    const dealerships = data.dealerships.filter((d) => d.site === "summit-auto-group");
    const locations = data.locations.filter((l) => dealerships.some((d) => d.id === l.dealership_id));
    expect(dealerships.length).toBeGreaterThanOrEqual(4);
    expect(locations.length).toBeGreaterThanOrEqual(8);
    expect(new Set(locations.map((l) => l.address.state))).toEqual(new Set(["QLD", "NSW", "VIC", "WA", "SA"]));
    expect(new Set(locations.map((l) => l.timezone)).size).toBe(5);
    const harbour = data.locations.filter((l) => l.dealership_slug === "harbour-city-motors");
    expect(harbour).toHaveLength(2);
    expect(harbour.every((l) => l.address.state === "QLD")).toBe(true);
  });

  it("has at least 2,500 vehicles with unique ids, slugs per site and stock numbers per dealership", () => {
    expect(data.vehicles.length).toBeGreaterThanOrEqual(2500);
    expect(new Set(data.vehicles.map((v) => v.id)).size).toBe(data.vehicles.length);
    expect(new Set(data.vehicles.map((v) => `${v.site}/${v.slug}`)).size).toBe(data.vehicles.length);
    expect(new Set(data.vehicles.map((v) => `${v.dealership_id}/${v.stocknum}`)).size).toBe(data.vehicles.length);
  });

  it("covers the stock states the spec names", () => {
    const all = data.vehicles;
    const soldRecently = (v: CarInput) => v.status === "sold" && !!v.sold_date && v.sold_date >= `${addDays(TODAY, -2)}T00`;
    expect(count(all, (v) => v.status === "in_stock")).toBeGreaterThan(1500);
    expect(count(all, (v) => v.status === "coming_soon")).toBeGreaterThan(20);
    expect(count(all, soldRecently)).toBeGreaterThan(20);
    expect(count(all, (v) => v.status === "sold" && !soldRecently(v))).toBeGreaterThan(20);
    expect(count(all, (v) => v.reserved === true)).toBeGreaterThan(10);
    expect(count(all, (v) => v.certified === true)).toBeGreaterThan(100);
    expect(count(all, (v) => v.tag === "Test Drive Only")).toBeGreaterThan(5);
    expect(count(all, (v) => !!v.tag && v.tag !== "Test Drive Only")).toBeGreaterThan(20);
    expect(count(all, (v) => v.preorder === true)).toBeGreaterThan(5);
    expect(count(all, (v) => v.price == null)).toBeGreaterThan(20);
    expect(count(all, (v) => (v.before_price ?? 0) > (v.price ?? 0))).toBeGreaterThan(50);
    expect(count(all, (v) => (v.subscription_price ?? 0) > 0)).toBeGreaterThan(10);
    expect(count(all, (v) => v.youxQuote != null)).toBeGreaterThan(20);
    expect(count(all, (v) => v.autograb_data != null)).toBeGreaterThan(20);
    expect(count(all, (v) => !!v.spin_code && v.hotspots != null)).toBeGreaterThan(50);
    expect(count(all, (v) => (v.dealercomments ?? "").includes("|"))).toBeGreaterThan(1000);
    expect(count(all, (v) => v.rego_expiry != null && v.rego_expiry < TODAY)).toBeGreaterThan(10);
    expect(count(all, (v) => v.created_at >= addDays(TODAY, -7))).toBeGreaterThan(50);
    expect(new Set(all.map((v) => v.car_type))).toEqual(new Set(["new", "demo", "used"]));
    expect(new Set(all.filter((v) => v.item_type === "car").map((v) => v.make)).size).toBeGreaterThan(15);
  });

  it("gives each site its kind of stock", () => {
    expect(bySite("metro-certified").every((v) => v.car_type === "used")).toBe(true);
    expect(bySite("ridge-motorcycles").every((v) => v.item_type === "motorcycle")).toBe(true);
    expect(bySite("outback-trucks").every((v) => v.item_type === "truck")).toBe(true);
    const caravans = bySite("coastal-caravans");
    expect(caravans.every((v) => v.item_type === "caravan" && v.caravan_specifications?.sleeps)).toBe(true);
    // A caravan's gallery and spin are caravan pictures: no car's dashboard, no headlights to point at.
    const pictures = caravans.flatMap((v) => [...(v.images ?? []).map(photoUrlOf), ...(v.spin_images ?? [])]);
    expect(pictures.length).toBeGreaterThan(caravans.length);
    expect(pictures.every((url) => url.includes("/caravan/") && !url.includes("dash"))).toBe(true);
    expect(caravans.flatMap((v) => v.hotspots?.exterior ?? []).some((spot) => /headlight/i.test(spot.description))).toBe(false);
    const harbour = bySite("harbour-city-motors");
    expect(new Set(harbour.map((v) => v.car_type))).toEqual(new Set(["new", "demo", "used"]));
  });

  it("keys finance lender entries by the dealership's provider with consistent figures", () => {
    const providerOf = new Map(data.dealerships.map((d) => [d.id, d.finance_provider]));
    const financed = data.vehicles.filter((v) => Object.keys(v.finance_lenders ?? {}).length > 0);
    expect(financed.length).toBeGreaterThan(2000);
    for (const v of financed) {
      const provider = providerOf.get(v.dealership_id) as string;
      expect(Object.keys(v.finance_lenders ?? {})).toEqual([provider]);
      const entry = v.finance_lenders?.[provider];
      expect(entry?.paymentWeek).toBeGreaterThan(0);
      expect(entry?.paymentMonth).toBeCloseTo(((entry?.paymentWeek ?? 0) * 52) / 12, 0);
      // A few entries lack a comparison rate on purpose (the finance box's null-rate rule); the rest are above the rate.
      if (entry?.comparisonRate !== null) expect(entry?.comparisonRate).toBeGreaterThan(entry?.interestRate ?? 0);
    }
    expect(financed.some((v) => Object.values(v.finance_lenders ?? {})[0]?.comparisonRate === null)).toBe(true);
  });

  it("reaches every rule of issue 22 on some site", () => {
    const thisYear = Number(TODAY.slice(0, 4));
    const harbour = bySite("harbour-city-motors");
    expect(harbour.some((v) => v.year <= thisYear - 13 && v.status === "in_stock")).toBe(true);
    expect(data.vehicles.some((v) => (v.dealercomments ?? "").length > 400)).toBe(true);
    expect(bySite("coastal-caravans").length).toBeGreaterThan(1999);
    expect(data.locations.some((location) => location.contact_detail.phone === "")).toBe(true);
  });

  it("gives some cars and motorcycles with a spin a dealer-hosted walkaround video the gateway serves, others an embed", () => {
    const native = data.vehicles.filter((v) => v.video_url);
    expect(native.every((v) => !!v.spin_code && !v.external_video_url)).toBe(true);
    const served = (site: string, url: string) => native.filter((v) => v.site === site && v.video_url === url).length;
    expect(served("harbour-city-motors", DEMO_WALKAROUND_VIDEOS.car)).toBeGreaterThan(5);
    expect(served("summit-auto-group", DEMO_WALKAROUND_VIDEOS.car)).toBeGreaterThan(5);
    expect(served("ridge-motorcycles", DEMO_WALKAROUND_VIDEOS.motorcycle)).toBeGreaterThan(5);
    expect(bySite("ridge-motorcycles").some((v) => v.external_video_url)).toBe(true);
    expect(bySite("outback-trucks").some((v) => v.video_url)).toBe(false);
  });

  it("names its photos by URL on the demo photo origin, in the colour the car is listed in (ADR 0094)", () => {
    const origin = "http://127.0.0.1:9000";
    const { vehicles } = generateDemoData({ today: TODAY, photoOrigin: origin });
    const withImages = vehicles.filter((v) => (v.images ?? []).length > 0);
    expect(withImages.length).toBeGreaterThan(2400);
    const colours = Object.fromEntries(PAINT_COLOURS);
    for (const v of withImages) {
      const urls = (v.images ?? []).map(photoUrlOf);
      expect(urls.every((url) => url.startsWith(`${origin}/vehicles/`) && url.endsWith(".jpg"))).toBe(true);
      // No drawing stands in for a photo, no thumb: the platform makes its own from the held copy.
      expect([v.primary_image_url, v.thumbnails, v.spin_images]).toEqual([null, [], []]);
      const paint = /\/vehicles\/[a-z]+\/([a-z]+)\//.exec(urls[0] ?? "")?.[1];
      expect(new Set(urls.map((url) => /\/vehicles\/[a-z]+\/([a-z]+)\//.exec(url)?.[1]))).toEqual(new Set([paint]));
      expect(colours[v.colour ?? ""], `${v.stocknum} ${v.colour}`).toBe(paint);
    }
    // Only the spin cars show the interior panorama (the viewer's Interior mode goes with a spin).
    expect(vehicles.filter((v) => v.spin_interior_image).map((v) => v.stocknum)).toEqual(demoSpinCars(vehicles).map((v) => v.stocknum));
  });

  it("issues a write key per dealership and the local operator key (a site's search key is public, never stored)", () => {
    expect(data.apiKeys.filter((k) => k.scopes.includes("stock:write")).map((k) => k.key)).toEqual(data.dealerships.map((d) => demoWriteKey(d.slug)));
    expect(data.apiKeys.filter((k) => k.scopes === "operator").map((k) => k.key)).toEqual([DEMO_OPERATOR_KEY]);
  });
});
