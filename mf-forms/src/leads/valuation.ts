import type { SiteTemplate } from "@dealer/shared/contract";
import { type ComparableCar, type ConditionAnswers, type TradeInCar, type TradeInValuation, valueTradeIn, vehicleNoun } from "@dealer/shared/rules";

/** In-stock cars of this site with the shopper's make and model, whatever the case: the comparables (index vehicles_site_comparables, migration 0016). */
async function comparableStock(db: D1Database, site: string, car: TradeInCar): Promise<ComparableCar[]> {
  const { results } = await db
    .prepare(
      `SELECT price, year, km FROM vehicles
        WHERE site = ? AND status = 'in_stock' AND make = ? COLLATE NOCASE AND model = ? COLLATE NOCASE
        LIMIT 200`,
    )
    .bind(site, car.make.trim(), car.model.trim())
    .all<{ price: number | null; year: number | null; km: number | null }>();
  return results.flatMap((row) => (typeof row.price === "number" && typeof row.year === "number" ? [{ price: row.price, year: row.year, km: row.km ?? 0 }] : []));
}

/** The online estimate of a trade-in or sell-my-car lead, from this site's stock (stored with the lead). */
export async function valuationFor(db: D1Database, site: string, car: TradeInCar, answers: ConditionAnswers, now: Date): Promise<TradeInValuation> {
  const row = await db.prepare("SELECT template FROM sites WHERE slug = ?").bind(site).first<{ template: SiteTemplate }>();
  return valueTradeIn(car, answers, await comparableStock(db, site, car), now, vehicleNoun(row?.template ?? "car-dealer").toLowerCase());
}
