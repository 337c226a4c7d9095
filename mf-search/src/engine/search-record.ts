import type { Car } from "@dealer/shared/contract";
import { cardWeeklyAmount, type RepaymentConfig } from "@dealer/shared/rules";

/** What the index stores per vehicle: the car as the contract defines it plus the attributes search needs. */
export type SearchRecord = Car & {
  objectID: string;
  make_model: string;
  body: string | null;
  drive: string | null;
  fuel: string | null;
  transmission: string | null;
  location_name: string | null;
  dealership_name: string | null;
  created_at_timestamp: number | null;
  sold_date_timestamp: number | null;
  custom_rank: number;
  /** The car's advertised repayment as a weekly amount (ADR 0048), null without one or without the site's finance. */
  weekly_price_range: number | null;
  /** A caravan's or trailer's aggregate trailer mass in kg, what "suits my tow vehicle" compares (ADR 0079); null when its listing states none. */
  atm: number | null;
};

/** What a car's repayment depends on besides the car: its site's finance config, and the date (a lender's age limit). */
export type RecordFinance = { config: RepaymentConfig; now: Date };

/** Any JSON record the engine can index (sync clients may send other shapes than vehicles). */
export type IndexRecord = Record<string, unknown> & { objectID: string };

function toTimestamp(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

/** in_stock first, coming_soon next, anything else reads as sold and goes last (spec: availability). */
function availabilityTier(status: string): number {
  if (status === "in_stock") return 2;
  if (status === "coming_soon") return 1;
  return 0;
}

/**
 * The default ranking (custom rank descending) shows available stock first and, within a tier, the newest
 * arrivals first: tier * 1e10 + created_at in seconds (seconds stay below 1e10 until the year 2286).
 */
export function customRank(status: string, createdAtTimestamp: number | null): number {
  return availabilityTier(status) * 1e10 + (createdAtTimestamp ?? 0);
}

/** A van's ATM as its listing states it: a positive number of kg, else null, so no filter claims a van without one suits. */
function statedAtm(car: Car): number | null {
  const atm = car.caravan_specifications?.aggregate_trailer_mass;
  return typeof atm === "number" && Number.isFinite(atm) && atm > 0 ? atm : null;
}

/**
 * The search record of a car, the one contract of both backends: Algolia holds it, the embedded engine's hits are it and
 * its compact records are its indexed attributes. With its site's finance, `weekly_price_range` is the weekly figure its card headlines (cardWeeklyAmount: a subscription, else its repayment),
 * so the weekly repayment filter and the cards agree.
 */
export function toSearchRecord(car: Car, finance?: RecordFinance): SearchRecord {
  const createdAt = toTimestamp(car.created_at);
  // Derived keys first, then the car: spreading a wide object and adding keys after it is ~10x slower in V8.
  const record: SearchRecord = {
    objectID: String(car.id),
    make_model: `${car.make} ${car.model}`,
    body: car.simple_body ?? null,
    drive: null,
    fuel: null,
    transmission: car.simple_transmission ?? null,
    location_name: car.location?.name ?? null,
    dealership_name: car.location?.name ?? null,
    created_at_timestamp: createdAt,
    sold_date_timestamp: toTimestamp(car.sold_date),
    custom_rank: customRank(car.status, createdAt),
    weekly_price_range: finance ? cardWeeklyAmount(car, finance.config, finance.now) : null,
    atm: statedAtm(car),
    ...car,
  };
  // The car's own drive and fuel, as its hit shows them; the simple ones only when it has none (absent and null alike,
  // so a record derived from search_fields, where an absent field reads null, is the same record: ADR 0059).
  record.drive = car.drive ?? car.simple_drive ?? null;
  record.fuel = car.fuel ?? car.simple_fuel ?? null;
  return record;
}
