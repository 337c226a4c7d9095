import type { Car } from "@dealer/shared/contract";
import { syntheticVehicles } from "../../bench/synthetic-vehicles";
import { applyBatch, planBatch } from "../stock/stock-store";
import type { StockWriter } from "../stock/write-key";

/** Test stock: `count` synthetic cars of one site's dealership, ids from `firstId` (unique across sites in a test). */
export function carsOf(site: string, dealershipId: number, count: number, firstId: number, seed = firstId): Car[] {
  return syntheticVehicles(count, seed).map((car, n) => {
    const id = firstId + n;
    return { ...car, id, slug: `car-${id}`, stocknum: `S${id}`, site, dealership_id: dealershipId, dealership_slug: `${site}-main` };
  });
}

/** Writes through the stock store as the stock API does: the rows, the site's version bump and its change log entry. */
export async function writeStock(db: D1Database, site: string, dealershipId: number, cars: Car[], deletes: string[] = [], now = new Date()): Promise<number> {
  const writer: StockWriter = { site, dealershipId, dealershipSlug: `${site}-main` };
  const plan = await planBatch(db, writer, cars, deletes);
  if (!plan.ok) throw new Error(`test stock refused: ${JSON.stringify(plan.conflicts)}`);
  return (await applyBatch(db, writer, plan, now.toISOString())).version;
}
