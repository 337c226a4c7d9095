import { describe, expect, it } from "vitest";
import { query } from "../support/db";
import { fetchSite, fetchSiteOnHost, GATEWAY_PORT } from "../support/platform";
import { allStock } from "../support/stock-api";

/**
 * mf-dealer's hourly cron (`5 * * * *`, ADR 0111, 0115) run on the running platform through the gateway's local-only
 * /__scheduled/{remote} (ADR 0084): what no view or stock write has asked to refresh, a model's market marked and a
 * site's counts being summed again, the cron brings up to date on its own.
 */
const SITE = "harbour-city-motors";
type StockRecord = Record<string, unknown> & { slug: string; dealership_slug: string; make: string; model: string; price: number | null; status: string };

/** A make or model as the market keys it, quoted for SQL. */
const marketText = (text: string) => `'${text.trim().toLowerCase().replace(/'/g, "''")}'`;
const marked = (make: string, model: string) => query<{ n: number }>(`SELECT count(*) AS n FROM market_dirty WHERE make = ${marketText(make)} AND model = ${marketText(model)}`)[0]?.n ?? 0;
const summing = () => query<{ next_car: number | null }>(`SELECT next_car FROM car_period_count_days WHERE site = '${SITE}'`);

const runCron = (remote: string, cron: string) => fetchSiteOnHost(`localhost:${GATEWAY_PORT}`, `/__scheduled/${remote}?cron=${encodeURIComponent(cron)}`);

describe("the remotes' crons on the running platform", () => {
  it("mf-dealer's hourly insights cron refreshes a marked model's market and finishes a site's counts summed again, with nothing else asking", { timeout: 180_000 }, async () => {
    const stock = await allStock<StockRecord>(SITE, `write-${SITE}`);
    const car = stock.find((v) => v.status === "in_stock" && typeof v.price === "number" && v.price > 5000 && v.make && v.model);
    if (!car) throw new Error(`no priced car in ${SITE}'s stock`);
    // A view counted makes the site's period counts (the consumer's work, which refreshes the market too).
    await fetchSite(SITE, `/cars/${car.slug}`);
    await expect.poll(() => summing().length === 1 && summing()[0]?.next_car === null && marked(car.make, car.model) === 0, { timeout: 90_000, interval: 1000 }).toBe(true);

    // What a stock write leaves for the refresh (a trigger marks the car's model), and a site's counts to be summed
    // again from its first car, written straight into D1: no stock write or view that would queue a refresh itself.
    // A refresh an earlier test queued may still be on its way through the queue: written again until both stay.
    await expect
      .poll(
        async () => {
          query(`INSERT OR IGNORE INTO market_dirty (make, model) VALUES (${marketText(car.make)}, ${marketText(car.model)})`);
          query(`UPDATE car_period_count_days SET next_car = 0 WHERE site = '${SITE}'`);
          await new Promise((resolve) => setTimeout(resolve, 1500));
          return marked(car.make, car.model) === 1 && summing()[0]?.next_car === 0;
        },
        { timeout: 120_000, interval: 500 },
      )
      .toBe(true);

    const ran = await runCron("mf-dealer", "5 * * * *");
    expect([ran.status, await ran.text()]).toEqual([200, "Ran scheduled event"]);
    expect(marked(car.make, car.model)).toBe(0);
    expect(summing()[0]?.next_car).toBeNull();
  });

  it("mf-forms' every-minute cron and mf-search's reconcile run on demand too", async () => {
    for (const [remote, cron] of [["mf-forms", "* * * * *"], ["mf-search", "*/10 * * * *"]] as const) {
      const ran = await runCron(remote, cron);
      expect([ran.status, await ran.text()], remote).toEqual([200, "Ran scheduled event"]);
    }
  });
});
