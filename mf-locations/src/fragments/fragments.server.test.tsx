import { FragmentNotFound } from "@dealer/shared/fragment-server";
import { salesToday } from "@dealer/shared/rules";
import { renderToString } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateDemoData } from "../../../db/demo/generate";
import { demoSeedSql } from "../../../db/demo/seed-sql";
import { DEMO_SITES } from "../../../db/demo/sites";
import { createTestD1, runSqlScript } from "../../../db/test-support/d1";
import { testFragmentRequest } from "../../../db/test-support/fragment-request";
import type { Env } from "../env";
import { loadLocationDetail } from "./location-detail/load.server";
import LocationDetail from "./location-detail/LocationDetail";
import { loadLocationList } from "./location-list/load.server";
import LocationList from "./location-list/LocationList";
import { loadReviewsSummary, NO_REVIEW_TEXT } from "./reviews-summary/load.server";
import ReviewsSummary from "./reviews-summary/ReviewsSummary";
import { loadSalesCounter } from "./sales-counter/load.server";
import SalesCounter from "./sales-counter/SalesCounter";

const TODAY = "2026-05-10";
let db: D1Database;
let dispose: () => Promise<void>;
const env = () => ({ DB: db }) as unknown as Env;
const configOf = (slug: string) => (DEMO_SITES.find((site) => site.slug === slug)?.config ?? {}) as Record<string, unknown>;
const request = (site: string, params: Record<string, string> = {}, extra: Record<string, unknown> = {}) =>
  testFragmentRequest(site, params, { ...configOf(site), ...extra });
// Tuesday 12 May 2026, 10:00 in Brisbane (00:00 UTC).
const tuesdayMorning = new Date("2026-05-12T00:00:00Z");

beforeAll(async () => {
  ({ db, dispose } = (await createTestD1()) as unknown as { db: D1Database; dispose: () => Promise<void> });
  await runSqlScript(db as never, demoSeedSql(generateDemoData({ today: TODAY }), `${TODAY}T00:00:00.000Z`));
});
afterAll(() => dispose());

describe("LocationList variants", () => {
  it("is one card with map and details on a single-location site", async () => {
    const props = await loadLocationList(request("metro-certified"), env(), tuesdayMorning);
    expect(props.layout).toBe("single");
    const html = renderToString(<LocationList {...props} />);
    expect(html).toContain("Metro Certified Alexandria");
    expect(html).toMatch(/src="\/cdn\/image\/width=600,quality=75\/site\/maps\/-33\.9106\/151\.1903\.svg"/);
    expect(html).toContain('href="/our-location/metro-certified-alexandria"');
    expect(html).toContain('href="tel:0293175500"');
  });

  it("is a grid on a one-dealership site and a carousel across the group's dealerships", async () => {
    const harbour = await loadLocationList(request("harbour-city-motors"), env(), tuesdayMorning);
    expect([harbour.layout, harbour.columns]).toEqual(["grid", 2]);
    const summit = await loadLocationList(request("summit-auto-group"), env(), tuesdayMorning);
    expect([summit.layout, summit.locations.length, summit.columns]).toEqual(["carousel", 10, 4]);
    const html = renderToString(<LocationList {...summit} />);
    expect(html).toContain("Swipe to see more");
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>.*Previous/);
    expect(renderToString(<LocationList {...(await loadLocationList(request("summit-auto-group", { layout: "grid" }), env(), tuesdayMorning))} />)).toContain(
      "location-list__grid--cols-4",
    );
  });

  it("filters by department, manufacturer (by slug), subtype and id lists, or shows the primary or one id", async () => {
    const slugs = async (params: Record<string, string>) => (await loadLocationList(request("summit-auto-group", params), env(), tuesdayMorning)).locations.map((l) => l.slug);
    expect(await slugs({ filter: "parts" })).not.toContain("summit-mazda-penrith");
    expect(await slugs({ filter: "sales" })).not.toContain("summit-kia-port-adelaide");
    expect(await slugs({ manufacturer: "mazda" })).toEqual(["summit-mazda-parramatta", "summit-mazda-penrith"]);
    expect(await slugs({ include: "1101,1201" })).toEqual(["summit-toyota-brisbane", "summit-mazda-parramatta"]);
    expect(await slugs({ manufacturer: "toyota", exclude: "1101" })).toEqual(["summit-toyota-capalaba"]);
    expect(await slugs({ show: "primary" })).toHaveLength(1);
    expect(await slugs({ id: "1402" })).toEqual(["summit-ford-midland"]);
    expect(await slugs({ filter: "nonsense", include: "x,1101" })).toEqual(["summit-toyota-brisbane"]);
  });

  it("shows today's hours in each location's time zone, the week with Monday-Friday collapsed and the weekend wording", async () => {
    // 00:30 UTC Sunday: already Sunday in Sydney and Brisbane, still Saturday in Perth.
    const props = await loadLocationList(request("summit-auto-group"), env(), new Date("2026-05-16T15:30:00Z"));
    const bySlug = (slug: string) => props.locations.find((l) => l.slug === slug);
    expect(bySlug("summit-ford-midland")?.today.hours.text).toBe("8:30 AM - 4:00 PM");
    expect(bySlug("summit-mazda-penrith")?.today.hours.text).toBe("Closed");
    const week = bySlug("summit-mazda-penrith")?.week ?? [];
    expect(week.map((line) => line.days)).toEqual(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]);
    expect(week.at(-1)?.hours).toEqual({ text: "By appointment only", href: null });
    const service = bySlug("summit-kia-port-adelaide")?.week ?? [];
    expect(service[0]).toEqual({ days: "Monday - Friday", hours: { text: "7:30 AM - 5:00 PM", href: null } });
    const metro = await loadLocationList(request("metro-certified"), env(), tuesdayMorning);
    expect(metro.locations[0]?.week.at(-1)?.hours).toEqual({ text: "Enquire Now", href: "/contact" });
  });

  it("lists holiday hours for the dialog and licence numbers only where the flag is on", async () => {
    const summit = await loadLocationList(request("summit-auto-group", { manufacturer: "mazda" }), env(), tuesdayMorning);
    const parramatta = summit.locations[0];
    expect(parramatta?.holidays.length).toBeGreaterThan(0);
    expect(parramatta?.licences.map((l) => l.label)).toEqual(["Dealer licence", "Repairer licence"]);
    const html = renderToString(<LocationList {...summit} />);
    expect(html).toContain(">Holiday Hours</button>");
    expect(html).toContain("<dialog");
    expect(html).toContain("Dealer licence");
    const harbour = await loadLocationList(request("harbour-city-motors"), env(), tuesdayMorning);
    expect(harbour.locations.flatMap((l) => l.licences)).toEqual([]);
  });

  it("reads a holiday for the local date, and refuses unknown and other tenants' locations", async () => {
    const data = generateDemoData({ today: TODAY });
    const holiday = data.locations.find((l) => l.slug === "harbour-city-motors-newstead")?.special_hours.find((h) => h.status === "Closed");
    expect(holiday).toBeDefined();
    const props = await loadLocationList(request("harbour-city-motors"), env(), new Date(`${holiday?.date}T02:00:00Z`));
    expect(props.locations[0]?.today).toEqual({ hours: { text: "Closed", href: null }, holiday: holiday?.name });
    for (const location of ["nope", "summit-toyota-brisbane"]) {
      await expect(loadLocationList(request("harbour-city-motors", { location }), env())).rejects.toBeInstanceOf(FragmentNotFound);
    }
  });
});

describe("dealer locator", () => {
  const locator = (params: Record<string, string>) => loadLocationList(request("summit-auto-group", { locator: "true", layout: "grid", ...params }), env(), tuesdayMorning);

  it("filters by state and department, and sorts nearest first from a postcode", async () => {
    const wa = await locator({ state: "WA" });
    expect(wa.locations.map((l) => l.slug)).toEqual(["summit-ford-osborne-park", "summit-ford-midland"]);
    expect(wa.locator?.states).toEqual(["NSW", "QLD", "SA", "VIC", "WA"]);
    const near = await locator({ postcode: "5000", filter: "service" });
    expect(near.locations[0]?.slug).toBe("summit-kia-adelaide");
    expect(near.locator?.distances[near.locations[0]?.id ?? 0]).toBeLessThan(5);
    expect(near.locations.map((l) => l.slug)).not.toContain("summit-mazda-penrith");
    const html = renderToString(<LocationList {...near} />);
    expect(html).toMatch(/\d+ km away/);
  });

  it("shows the listed locations on the platform's map: a picture of the fitted view with a pin per location (ADR 0050)", async () => {
    const wa = await locator({ state: "WA" });
    expect(wa.map?.provider).toBe("platform");
    expect(wa.map?.scriptUrl).toBeNull();
    expect(wa.map?.picture.src).toMatch(new RegExp(`^/cdn/image/width=600,quality=75/site/map-area/${wa.map?.view.zoom}/-3\\d\\.\\d{5}/11\\d\\.\\d{5}\\.svg$`));
    expect(wa.map?.picture.alt).toBe("Map of 2 locations: Summit Ford Osborne Park, Summit Ford Midland");
    const html = renderToString(<LocationList {...wa} />);
    expect(html.match(/class="map-pin map-pin--static"/g)).toHaveLength(2);
    expect(html).toContain('data-map-state="static"');
    // Each card's "Show on map" is a link to the map, so it works before and without the script.
    expect(html.match(/href="#[^"]+-map"[^>]*>Show on map/g)).toHaveLength(2);
    // The home page's block has no map (it costs no script there).
    expect((await loadLocationList(request("summit-auto-group"), env(), tuesdayMorning)).map).toBeNull();
  });

  it("a site with a Google Maps key gets Google's static map and script URL with its key, never the platform's tiles", async () => {
    const props = await loadLocationList(
      request("summit-auto-group", { locator: "true", layout: "grid", state: "WA" }, { maps: { provider: "google", apiKey: "AIza-demo-key" } }),
      env(),
      tuesdayMorning,
    );
    expect(props.map?.provider).toBe("google");
    expect(props.map?.scriptUrl).toBe("https://maps.googleapis.com/maps/api/js?key=AIza-demo-key&loading=async&callback=dealerMapsReady");
    expect(props.map?.picture.src).toMatch(/^https:\/\/maps\.googleapis\.com\/maps\/api\/staticmap\?.*key=AIza-demo-key&markers=-31\.9012%2C115\.8103&markers=-31\.8896%2C116\.0098$/);
    expect(renderToString(<LocationList {...props} />)).not.toContain("map-pin");
  });

  it("names a bad postcode with the spec's messages and keeps the list", async () => {
    const letters = await locator({ postcode: "abcd" });
    expect(letters.locator?.error).toBe("Invalid postcode. Please enter a 4-digit number.");
    expect(letters.locations).toHaveLength(10);
    expect((await locator({ postcode: "0100" })).locator?.error).toBe("Invalid postcode");
    expect((await locator({ state: "<script>" })).locations).toHaveLength(10);
  });
});

describe("LocationDetail", () => {
  it("has a department selector when several types exist, the rating and the map", async () => {
    const props = await loadLocationDetail(request("summit-auto-group", { location: "summit-toyota-brisbane" }), env(), tuesdayMorning);
    expect(props.departments.map((d) => d.label)).toEqual(["Sales", "Service", "Parts"]);
    expect(props.rating?.count).toBeGreaterThan(0);
    const html = renderToString(<LocationDetail {...props} />);
    expect(html).toContain("<select");
    expect(html).toMatch(/role="img" aria-label="Rated \d\.\d out of 5"/);
    // The location's map (ADR 0050): its picture in the first view is fetched first, not lazily; one pin on it.
    expect(html).toMatch(/<img class="locations-map__picture" src="\/cdn\/image\/width=600,quality=75\/site\/map-area\/14\/[^"]+" alt="Map of Summit Toyota Brisbane"[^>]*fetchPriority="high"/);
    expect(html.match(/class="map-pin map-pin--static"/g)).toHaveLength(1);
    const single = await loadLocationDetail(request("summit-auto-group", { location: "summit-mazda-penrith" }), env(), tuesdayMorning);
    expect(renderToString(<LocationDetail {...single} />)).not.toContain("<select");
    await expect(loadLocationDetail(request("summit-auto-group", { location: "nope" }), env())).rejects.toBeInstanceOf(FragmentNotFound);
  });
});

describe("ReviewsSummary", () => {
  it("shows the 885 / 4.6 sample without reviews under 4 or the hidden names, and a review with no text", async () => {
    const props = await loadReviewsSummary(request("summit-auto-group"), env());
    expect(props.shown).toBe(true);
    expect(props.summary).toEqual({ count: 885, average: 4.6 });
    expect(props.reviews.every((r) => r.rating >= 4)).toBe(true);
    expect(props.reviews.map((r) => r.name)).not.toContain("Sam Jones");
    expect(props.reviews.map((r) => r.name)).not.toContain("Alex Reid");
    expect(props.reviews.find((r) => r.name === "Harper King")?.text).toBe(NO_REVIEW_TEXT);
    const html = renderToString(<ReviewsSummary {...props} />);
    expect(html).toContain("885 reviews");
    expect(html).toContain("Review terms");
  });

  it("pages through every visible review, 12 at a time, and narrows them to one location", async () => {
    const first = await loadReviewsSummary(request("summit-auto-group", { view: "page" }), env());
    expect(first.reviews).toHaveLength(12);
    const total = first.paging?.total ?? 0;
    expect(total).toBeGreaterThan(500);
    expect(first.paging).toEqual({ page: 1, pages: Math.ceil(total / 12), total });
    const last = await loadReviewsSummary(request("summit-auto-group", { view: "page", page: String(first.paging?.pages) }), env());
    expect(last.reviews.length).toBe(total - (Math.ceil(total / 12) - 1) * 12);
    expect(last.reviews.every((r) => r.rating >= 4 && r.name !== "Sam Jones")).toBe(true);
    const second = await loadReviewsSummary(request("summit-auto-group", { view: "page", page: "2" }), env());
    expect(second.reviews.map((r) => r.id)).not.toContain(first.reviews[0]?.id);
    const html = renderToString(<ReviewsSummary {...second} />);
    expect(html).toContain('href="?page=1"');
    expect(html).toContain('href="?page=3"');
    const penrith = await loadReviewsSummary(request("summit-auto-group", { view: "page", location: "summit-mazda-penrith" }), env());
    expect(penrith.location).toBe("summit-mazda-penrith");
    expect(penrith.paging?.total).toBeGreaterThan(0);
    expect(penrith.paging?.total).toBeLessThan(total);
    // Bad input: an unknown location is all of them, a page past the end the last page.
    const unknown = await loadReviewsSummary(request("summit-auto-group", { view: "page", location: "nowhere", page: "9999x" }), env());
    expect([unknown.location, unknown.paging?.page, unknown.paging?.total]).toEqual(["", 1, total]);
    const block = await loadReviewsSummary(request("summit-auto-group"), env());
    expect([block.reviews.length, block.paging]).toEqual([12, null]);
  });

  it("is hidden at or below the minimum average, or when the dealer hides reviews", async () => {
    expect((await loadReviewsSummary(request("metro-certified"), env())).shown).toBe(false);
    expect((await loadReviewsSummary(request("harbour-city-motors", {}, { reviews: { hidden: true } }), env())).shown).toBe(false);
    const page = await loadReviewsSummary(request("metro-certified", { view: "page" }), env());
    expect(renderToString(<ReviewsSummary {...page} />)).toContain("Reviews are not available");
  });
});

describe("SalesCounter", () => {
  // Noon in Brisbane on TODAY (02:00 UTC).
  const noon = new Date(`${TODAY}T02:00:00.000Z`);
  const sold = async (id: number, site: string, soldDate: string) =>
    db
      .prepare("INSERT INTO vehicles (id, site, dealership_id, slug, stocknum, status, updated_at, data) VALUES (?, ?, 1, ?, ?, 'sold', ?, ?)")
      .bind(id, site, `sold-${id}`, `S${id}`, soldDate, JSON.stringify({ id, sold_date: soldDate }))
      .run();

  it("counts the group's cars sold since Brisbane midnight from their sold dates", async () => {
    await sold(900001, "summit-auto-group", `${TODAY}T00:30:00.000Z`); // 10:30 Brisbane today
    await sold(900002, "summit-auto-group", `${TODAY}T01:59:00.000Z`);
    await sold(900003, "summit-auto-group", "2026-05-09T13:59:00.000Z"); // 23:59 yesterday in Brisbane
    await sold(900004, "summit-auto-group", `${TODAY}T03:00:00.000Z`); // after now
    expect(await loadSalesCounter(request("summit-auto-group"), env(), noon)).toEqual({ count: 2, source: "sales" });
    // A range read on the index, never a scan of the site's stock (250,000 vehicles across the platform).
    const plan = await db.prepare("EXPLAIN QUERY PLAN SELECT COUNT(*) FROM vehicles WHERE site = ? AND sold_date >= ? AND sold_date <= ?").bind("s", "a", "b").all<{ detail: string }>();
    expect(plan.results.map((row) => row.detail).join(" ")).toMatch(/USING (COVERING )?INDEX vehicles_site_sold_date \(site=\? AND sold_date>\? AND sold_date<\?\)/);
  });

  it("falls back to the spec's formula, or to no counter, where the stock has no recent sales", async () => {
    expect(await loadSalesCounter(request("ridge-motorcycles"), env(), noon)).toEqual({ count: salesToday(noon), source: "formula" });
    const hidden = await loadSalesCounter(request("ridge-motorcycles", {}, { home: { salesCounterFallback: "hide" } }), env(), noon);
    expect(hidden.count).toBeNull();
    expect(renderToString(<SalesCounter {...hidden} />)).toBe("");
  });
});
