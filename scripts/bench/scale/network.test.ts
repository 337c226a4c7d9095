import { carSchema } from "@dealer/shared/contract";
import { slugHost } from "@dealer/shared/http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateDemoData } from "../../../db/demo/generate";
import { demoSeedSql } from "../../../db/demo/seed-sql";
import { createTestD1, runSqlScript } from "../../../db/test-support/d1";
import { createStockApi } from "../../../mf-search/src/stock/stock-api";
import { countsAt, planNetwork, siteSizes } from "./network-plan";
import { networkSeedSql, vehicleBatches } from "./synthetic-stock";

const TODAY = "2026-05-10";
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe("siteSizes", () => {
  it("gives the bench's default network a largest site of 25,000, a few large groups and a long tail of small dealers", () => {
    const sizes = siteSizes(294, 247_289, 25_000);
    expect(sum(sizes)).toBe(247_289);
    expect(sizes[0]).toBe(25_000);
    expect(sizes.every((size, i) => i === 0 || size <= sizes[i - 1]!)).toBe(true);
    // A few large groups: the next four hold more than 30,000 cars between them, each over 5,000.
    expect(sizes.slice(1, 5).every((size) => size > 5000)).toBe(true);
    // The long tail: half the sites hold under 400 cars each, well under 2% of the largest.
    expect(sizes[147]).toBeLessThan(400);
    expect(sizes.filter((size) => size < 500).length).toBeGreaterThan(150);
  });
});

describe("planNetwork and countsAt", () => {
  const plan = planNetwork({ sites: 40, total: 30_000, largest: 3_000 });
  const dealerships = plan.sites.flatMap((site) => site.dealerships);

  it("names every site, dealership, stock prefix and location uniquely, with a sales yard for each dealership", () => {
    expect(plan.sites).toHaveLength(40);
    expect(new Set(plan.sites.map((s) => s.slug)).size).toBe(40);
    expect(new Set(dealerships.map((d) => d.id)).size).toBe(dealerships.length);
    expect(new Set(dealerships.map((d) => d.slug)).size).toBe(dealerships.length);
    expect(new Set(dealerships.map((d) => d.stockPrefix)).size).toBe(dealerships.length);
    for (const site of plan.sites) {
      const names = site.dealerships.flatMap((d) => d.locations.map((l) => l.name));
      expect(new Set(names).size).toBe(names.length);
    }
    expect(dealerships.every((d) => d.locations.some((l) => l.departments.includes("sales")))).toBe(true);
    expect(sum(dealerships.map((d) => d.vehicleCount))).toBe(30_000);
    // The largest site is a group of several dealerships; the smallest is one dealer.
    expect(plan.sites[0]!.dealerships.length).toBeGreaterThan(1);
    expect(plan.sites.at(-1)!.dealerships).toHaveLength(1);
  });

  it("fills every dealership in proportion, adding up exactly and never shrinking as the network grows", () => {
    let previous = countsAt(plan, 0);
    expect(sum([...previous.values()])).toBe(0);
    for (const vehicles of [1, 999, 7_500, 22_222, 30_000]) {
      const counts = countsAt(plan, vehicles);
      expect(sum([...counts.values()])).toBe(vehicles);
      for (const [id, count] of counts) expect(count).toBeGreaterThanOrEqual(previous.get(id)!);
      previous = counts;
    }
    expect(dealerships.every((d) => previous.get(d.id) === d.vehicleCount)).toBe(true);
  });
});

describe("the synthetic network in the database", () => {
  const plan = planNetwork({ sites: 12, total: 4_000, largest: 1_200 });
  let d1: Awaited<ReturnType<typeof createTestD1>>;

  beforeAll(async () => {
    d1 = await createTestD1();
    await runSqlScript(d1.db, demoSeedSql(generateDemoData({ today: TODAY }), `${TODAY}T00:00:00.000Z`));
    await runSqlScript(d1.db, networkSeedSql(plan, TODAY));
  }, 60_000);
  afterAll(async () => {
    await d1.dispose();
  });

  it("creates every site beside the demo's, with a write key per dealership (stored as its hash)", async () => {
    const sites = await d1.db.prepare("SELECT COUNT(*) AS n FROM sites").first<{ n: number }>();
    expect(sites?.n).toBe(6 + 12);
    const keys = await d1.db.prepare("SELECT COUNT(*) AS n FROM api_keys WHERE scopes LIKE '%stock:write%'").first<{ n: number }>();
    const dealerships = plan.sites.flatMap((site) => site.dealerships).length;
    expect(keys?.n).toBeGreaterThanOrEqual(dealerships);
  });

  it("streams stock varied like a dealer's yard that the stock API accepts with the dealership's write key", async () => {
    const site = plan.sites[0]!;
    const dealership = site.dealerships[0]!;
    const batches = [...vehicleBatches(site, dealership, 0, 600, TODAY)];
    expect(batches.map((batch) => batch.length)).toEqual([500, 100]);
    // A later range is the same cars as the tail of the whole range: growth never remakes what exists.
    expect([...vehicleBatches(site, dealership, 550, 600, TODAY)].flat()).toEqual(batches.flat().slice(550));
    const cars = batches.flat().map((car) => carSchema.parse(car));
    expect(new Set(cars.map((car) => car.make)).size).toBeGreaterThan(3);
    expect(new Set(cars.map((car) => car.simple_body)).size).toBeGreaterThan(3);
    expect(new Set(cars.map((car) => car.status))).toEqual(new Set(["in_stock", "sold", "coming_soon"]));
    expect(new Set(cars.map((car) => car.location?.id)).size).toBe(dealership.locations.length);
    const prices = cars.flatMap((car) => (typeof car.price === "number" ? [car.price] : []));
    expect(Math.max(...prices) / Math.min(...prices)).toBeGreaterThan(3);

    const api = createStockApi();
    for (const batch of batches) {
      const response = await api.request(
        "/vehicles/batch",
        { method: "POST", headers: { Authorization: `Bearer write-${dealership.slug}`, "Content-Type": "application/json", Host: slugHost(site.slug) }, body: JSON.stringify({ upsert: batch }) },
        { DB: d1.db },
      );
      expect(response.status, await response.clone().text()).toBe(200);
    }
    const stored = await d1.db.prepare("SELECT COUNT(*) AS n FROM vehicles WHERE site = ?").bind(site.slug).first<{ n: number }>();
    expect(stored?.n).toBe(600);
  }, 30_000);
});
