import type { CarInput } from "@dealer/shared/contract";
import { carInput } from "@dealer/shared/testing";

/** Test-only: stores cars the way the stock import does (one JSON row per car). */
export async function insertCars(db: D1Database, cars: Partial<CarInput>[]): Promise<void> {
  for (const overrides of cars) {
    const car = carInput(overrides);
    await db
      .prepare("INSERT INTO vehicles (id, site, dealership_id, slug, stocknum, status, updated_at, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
      .bind(car.id, car.site, car.dealership_id, car.slug, car.stocknum, car.status, car.updated_at, JSON.stringify(car))
      .run();
  }
}

/** A lender entry as the demo feed carries it (taurus-style: fee, preset on 0.5 steps). */
export const lenderEntry = {
  disclaimer: "Estimated repayments based on 9.5% p.a. (comparison rate 10.45% p.a.) over a 5-year term with a 10% deposit.",
  deposit: 3000,
  paymentWeek: 123.45,
  paymentMonth: 534.95,
  totalPayable: 35000,
  interestRate: 9.5,
  comparisonRate: 10.45,
  termYears: 5,
  termMonths: 60,
  balloon: 0,
  establishmentFees: 0,
};
