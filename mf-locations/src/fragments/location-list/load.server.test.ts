import { FragmentNotFound } from "@dealer/shared/fragment-server";
import type { Location } from "@dealer/shared/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestD1 } from "../../../../db/test-support/d1";
import { insertSite, testFragmentRequest } from "../../../../db/test-support/fragment-request";
import type { Env } from "../../env";
import { sampleLocation } from "./fixtures";
import { loadLocationList } from "./load.server";

const SITE = "summit-auto-group";
let db: D1Database;
let dispose: () => Promise<void>;
const env = () => ({ DB: db }) as Env;
const tuesdayMorningBrisbane = new Date("2025-06-09T22:00:00Z");

async function insertLocation(site: string, location: Location) {
  await db
    .prepare("INSERT INTO locations (id, site, dealership_id, slug, primary_flag, data) VALUES (?, ?, ?, ?, ?, ?)")
    .bind(location.id, site, location.dealership_id, location.slug, location.primary ? 1 : 0, JSON.stringify(location))
    .run();
}

beforeAll(async () => {
  ({ db, dispose } = await createTestD1());
  for (const site of [SITE, "harbour-city-motors"]) await insertSite(db, site);
  await db.prepare("INSERT INTO dealerships (id, site, slug, name, finance_provider, data) VALUES (1, ?, 'd', 'D', 'manual', '{}'), (2, 'harbour-city-motors', 'h', 'H', 'manual', '{}')").bind(SITE).run();
  await insertLocation(SITE, sampleLocation({ id: 21, slug: "summit-perth", name: "Summit Perth", primary: false, timezone: "Australia/Perth", special_hours: [] }));
  await insertLocation(SITE, sampleLocation({ id: 20, slug: "summit-brisbane", name: "Summit Brisbane", primary: true, special_hours: [] }));
  await insertLocation(SITE, sampleLocation({ id: 22, slug: "summit-hidden", visible: false }));
  await insertLocation("harbour-city-motors", sampleLocation({ id: 30, slug: "harbour-only", dealership_id: 2, special_hours: [{ date: "2025-12-25", status: "Closed", location_id: 30, name: "Christmas Day" }] }));
});
afterAll(() => dispose());

describe("loadLocationList", () => {
  it("lists the site's visible locations, primary first, with today's hours in each timezone", async () => {
    const props = await loadLocationList(testFragmentRequest(SITE), env(), tuesdayMorningBrisbane);
    expect(props.heading).toBe("Our locations");
    expect(props.locations.map((location) => location.slug)).toEqual(["summit-brisbane", "summit-perth"]);
    expect(props.locations[0]?.today).toEqual({ hours: { text: "08:30 - 17:30", href: null }, holiday: null });
    // 06:00 Tuesday in Perth: same weekday, same hours; the phone and directions come from the row.
    expect(props.locations[1]).toMatchObject({ phone: "(07) 3000 1234", directionsUrl: "https://www.google.com/maps/search/?api=1&query=-27.47,153.02" });
  });

  it("collapses Monday to Friday and uses the dealer's closed-weekend wording", async () => {
    const [brisbane] = (await loadLocationList(testFragmentRequest(SITE), env(), tuesdayMorningBrisbane)).locations;
    expect(brisbane?.week).toEqual([
      { days: "Monday - Friday", hours: { text: "08:30 - 17:30", href: null } },
      { days: "Saturday", hours: { text: "09:00 - 13:00", href: null } },
      { days: "Sunday", hours: { text: "By appointment only", href: null } },
    ]);
    const linked = await loadLocationList(testFragmentRequest(SITE, {}, { labels: { weekendClosedStyle: "enquireLink" } }), env(), tuesdayMorningBrisbane);
    expect(linked.locations[0]?.week.at(-1)?.hours).toEqual({ text: "Enquire Now", href: "/contact" });
  });

  it("shows a holiday entry for the location's local today in place of its weekly hours", async () => {
    // 2025-12-24 15:00 UTC is already Christmas Day in Brisbane.
    const props = await loadLocationList(testFragmentRequest("harbour-city-motors"), env(), new Date("2025-12-24T15:00:00Z"));
    expect(props.locations[0]?.today).toEqual({ hours: { text: "Closed", href: null }, holiday: "Christmas Day" });
  });

  it("loads one location by slug, and refuses unknown, hidden and other tenants' locations", async () => {
    const one = await loadLocationList(testFragmentRequest(SITE, { location: "summit-perth" }), env(), tuesdayMorningBrisbane);
    expect(one.heading).toBe("Summit Perth");
    expect(one.locations).toHaveLength(1);
    for (const location of ["nope", "summit-hidden", "harbour-only"]) {
      await expect(loadLocationList(testFragmentRequest(SITE, { location }), env())).rejects.toBeInstanceOf(FragmentNotFound);
    }
  });
});
