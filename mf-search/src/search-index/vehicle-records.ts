import { type Car, carSchema } from "@dealer/shared/contract";
import { type IndexRecord, type IndexSettings, type RecordFinance, type SearchRecord, toSearchRecord, vehicleIndexSettings } from "../engine";
import { customRankingCriteria, facetAttributes, searchableAttributeGroups } from "../engine/settings";

/**
 * What the platform's own queries filter on besides the facets: the sold window, the offers list (ADR 0034) and a van's
 * ATM, "suits my tow vehicle" (ADR 0079).
 */
const FILTERED_ATTRIBUTES = ["sold_date_timestamp", "offer_price", "atm"];

/**
 * The attributes a vehicle index needs in memory: its searchable attributes, facets, ranking and sort attributes, and
 * what the platform filters on. Anything else a hit shows is read from D1 for the page's hits only.
 */
export function indexedAttributes(settings: IndexSettings): string[] {
  return [
    ...new Set([
      ...searchableAttributeGroups(settings).flat(),
      ...facetAttributes(settings).map(({ attribute }) => attribute),
      ...customRankingCriteria(settings).map(({ attribute }) => attribute),
      ...settings.replicas.flatMap((replica) => /:([^:]+):(?:asc|desc)$/.exec(replica)?.[1] ?? []),
      ...FILTERED_ATTRIBUTES,
    ]),
  ];
}

const VEHICLE_ATTRIBUTES = indexedAttributes(vehicleIndexSettings);

/**
 * What a row's `search_fields` holds, in its order (migrations 0014, 0029, 0034 and 0046): the car fields toSearchRecord
 * derives the indexed attributes from, then the location (its name only), then what the car's repayment reads (lenders
 * without their disclaimers), then the car's own drive and fuel (the facets' values; the simple ones stand in when it
 * has none), then its caravan specifications (the ATM only).
 */
const STORED_FIELDS = [
  "id", "site", "name", "year", "make", "model", "badge", "series", "colour", "stocknum", "price", "offer_price",
  "subscription_price", "km", "seats", "status", "sold_date", "show_on_dealer_website", "car_type", "tag", "certified",
  "item_type", "created_at", "simple_body", "simple_drive", "simple_fuel", "simple_transmission", "dealership_id",
  "dealership_slug", "city", "state", "location", "before_price", "preorder", "youxQuote", "finance_lenders", "drive", "fuel",
  "caravan_specifications",
] as const;

/** SQL reading one stored field of a vehicle row's search_fields as an SQL value (`->>`). */
export const storedFieldSql = (field: (typeof STORED_FIELDS)[number]) => `search_fields ->> '$[${STORED_FIELDS.indexOf(field)}]'`;

/**
 * An object with these keys (null values) that records are copies of, then filled: objects that gain 35 properties
 * one by one through `record[name] =` fall into V8's dictionary mode (about 1.5 KB each, 39 MB for 25,000 vehicles);
 * copies of a template parsed from JSON keep one shared shape (about 0.3 KB each).
 */
const templateOf = (keys: readonly string[]): Record<string, unknown> => JSON.parse(JSON.stringify(Object.fromEntries(keys.map((key) => [key, null]))));
const CAR_TEMPLATE = templateOf(STORED_FIELDS);
const RECORD_TEMPLATE = templateOf(["objectID", ...VEHICLE_ATTRIBUTES]) as IndexRecord;

/**
 * The records the index holds for vehicles, from their rows' `search_fields` (parsed): every indexed attribute, in one
 * shape, the weekly repayment from the site's finance. A row without them (written around the triggers) is skipped
 * with a warning rather than failing the site.
 */
export function compactVehicleRecords(rows: readonly unknown[], finance: RecordFinance | null): IndexRecord[] {
  const records: IndexRecord[] = [];
  for (const values of rows) {
    if (Array.isArray(values)) records.push(compactVehicleRecord(values, finance ?? undefined));
    else console.warn("[mf-search] skipping a vehicle row without search_fields");
  }
  return records;
}

function compactVehicleRecord(values: readonly unknown[], finance: RecordFinance | undefined): IndexRecord {
  const stored = { ...CAR_TEMPLATE };
  for (let i = 0; i < STORED_FIELDS.length; i++) stored[STORED_FIELDS[i]!] = values[i] ?? null;
  // A row stored before migration 0029 has no lenders: an object, as the contract's default.
  stored.finance_lenders ??= {};
  // toSearchRecord reads only the stored fields; the rest of Car is not needed to derive the indexed attributes.
  const full: Record<string, unknown> = toSearchRecord(stored as Car, finance);
  const record: IndexRecord = { ...RECORD_TEMPLATE, objectID: full.objectID as string };
  for (const attribute of VEHICLE_ATTRIBUTES) record[attribute] = full[attribute] ?? null;
  return record;
}

/** Hit rows kept per isolate with the record made from them: a page's hits are mostly cars other pages showed. */
export const HIT_RECORDS_KEPT = 256;
const hitRows = new Map<string, { data: string; record: SearchRecord }>();

/**
 * The search record of a row's data text: the one made last time when the row's text is the same (the record is a
 * function of that text alone, so a changed row is parsed again at once), else parsed and kept. Keyed by site and id,
 * least recently read out first. Null for a row that no longer parses.
 */
function hitRecordOf(site: string, id: number, data: string): SearchRecord | null {
  const key = `${site}\u0000${id}`;
  const kept = hitRows.get(key);
  hitRows.delete(key);
  if (kept?.data === data) {
    hitRows.set(key, kept);
    return kept.record;
  }
  const car = carSchema.safeParse(JSON.parse(data));
  if (!car.success) return null;
  const record = toSearchRecord(car.data);
  hitRows.set(key, { data, record });
  if (hitRows.size > HIT_RECORDS_KEPT) hitRows.delete(hitRows.keys().next().value as string);
  return record;
}

/**
 * The whole search records of a page's hits, read by id within the site (a hit whose row is gone is left out, and
 * its hit dropped). Rows were validated on the way in; one that no longer parses is skipped with a warning. The
 * weekly repayment comes from the site's finance, so it is the index's own (`indexed`): a hit shows the figure its
 * filter compared, as Algolia's would. Every row is read from D1 each time; only its parse is kept (hitRecordOf).
 */
export async function vehicleHitRecords(
  db: D1Database,
  site: string,
  objectIDs: readonly string[],
  indexed: (objectID: string) => IndexRecord | undefined,
): Promise<Map<string, IndexRecord>> {
  const ids = objectIDs.map(Number).filter(Number.isSafeInteger);
  const records = new Map<string, IndexRecord>();
  if (ids.length === 0) return records;
  const { results } = await db
    .prepare("SELECT id, data FROM vehicles WHERE site = ? AND id IN (SELECT value FROM json_each(?))")
    .bind(site, JSON.stringify(ids))
    .all<{ id: number; data: string }>();
  for (const row of results) {
    const record = hitRecordOf(site, row.id, row.data);
    if (!record) {
      console.warn("[mf-search] skipping unparsable vehicle row");
      continue;
    }
    records.set(record.objectID, { ...record, weekly_price_range: indexed(record.objectID)?.weekly_price_range ?? null });
  }
  return records;
}
