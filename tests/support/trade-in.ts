import { randomUUID } from "node:crypto";
import { enquiry } from "./leads";
import { fetchSite } from "./platform";

type StockCar = { make: string; model: string; year: number; km: number | null };

/** An in-stock car of the site young enough for an online estimate: the shopper's car "is" one like it. */
export async function comparableCar(site: string): Promise<StockCar> {
  const year = new Date().getUTCFullYear() - 5;
  const response = await fetchSite(site, "/1/indexes/Car_production/query", {
    method: "POST",
    headers: { "x-algolia-application-id": "DEALERPLATFORM", "x-algolia-api-key": `search-${site}`, "content-type": "application/json" },
    body: JSON.stringify({ filters: `status:in_stock AND year >= ${year} AND price > 1000`, hitsPerPage: 1 }),
  });
  const { hits } = (await response.json()) as { hits: StockCar[] };
  if (!hits[0]) throw new Error(`${site} has no car from ${year} on`);
  return hits[0];
}

/** A trade-in lead as the form's script sends it. */
export function tradeIn(vehicle: { make: string; model: string; year: number; kms: number }, answers: Record<string, "Yes" | "No"> = {}) {
  return enquiry({ kind: "trade_in", form: "trade_in", vehicle, adjustmentAnswers: answers, rego: "ABC123", regoState: "QLD" }, { email: `trade-${randomUUID()}@example.com`, category: "Trade-In Valuation", message: "" });
}
