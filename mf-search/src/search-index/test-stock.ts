import type { Car } from "@dealer/shared/contract";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { createTestD1 } from "../../../db/test-support/d1";
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

/** A local D1 for the test file (every migration applied), its stock tables emptied before each test. */
export function localStockD1(): { readonly db: D1Database } {
  let d1: Awaited<ReturnType<typeof createTestD1>> | null = null;
  beforeAll(async () => {
    d1 = await createTestD1();
  });
  afterAll(() => d1?.dispose());
  beforeEach(async () => {
    const { db } = d1!;
    await db.batch(["vehicles", "stock_versions", "stock_changes"].map((table) => db.prepare(`DELETE FROM ${table}`)));
  });
  return {
    get db() {
      return d1!.db;
    },
  };
}
