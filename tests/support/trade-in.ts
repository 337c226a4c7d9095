import { randomUUID } from "node:crypto";
import { query } from "./db";
import { enquiry } from "./leads";

type StockCar = { make: string; model: string; year: number; km: number | null };

/**
 * An in-stock car of the site young enough for an online estimate: the shopper's car "is" one like it. The site's
 * first such car by id, a seeded one: the newest car (the search's default order) can be one a stock test made and
 * deletes a moment later, which leaves the trade-in without comparables.
 */
export function comparableCar(site: string): StockCar {
  const year = new Date().getUTCFullYear() - 5;
  const [row] = query<{ data: string }>(
    `SELECT data FROM vehicles WHERE site = '${site}' AND status = 'in_stock' AND json_extract(data, '$.show_on_dealer_website') != 0
       AND json_extract(data, '$.year') >= ${year} AND json_extract(data, '$.price') > 1000 ORDER BY id LIMIT 1`,
  );
  if (!row) throw new Error(`${site} has no car from ${year} on`);
  return JSON.parse(row.data) as StockCar;
}

/** A trade-in lead as the form's script sends it. */
export function tradeIn(vehicle: { make: string; model: string; year: number; kms: number }, answers: Record<string, "Yes" | "No"> = {}) {
  return enquiry({ kind: "trade_in", form: "trade_in", vehicle, adjustmentAnswers: answers, rego: "ABC123", regoState: "QLD" }, { email: `trade-${randomUUID()}@example.com`, category: "Trade-In Valuation", message: "" });
}
