import { readFileSync } from "node:fs";
import { type Car, carSchema } from "@dealer/shared/contract";
import { siteSearchFilters } from "@dealer/shared/rules";
import { parse } from "yaml";
import { query } from "./db";
import { demoConfig } from "./finance";
import { operatorApi } from "./operator";
import { fetchSite } from "./platform";
import { searchSite } from "./search-api";

/** A shown, in-stock car of the site matching an SQL condition on its row (`data` is its JSON), parsed by the contract. */
export function carWhere(site: string, condition: string): Car {
  const [row] = query<{ data: string }>(
    `SELECT data FROM vehicles WHERE site = '${site}' AND status = 'in_stock' AND json_extract(data, '$.show_on_dealer_website') != 0 AND (${condition}) ORDER BY id LIMIT 1`,
  );
  if (!row) throw new Error(`no car on ${site} where ${condition}`);
  return carSchema.parse(JSON.parse(row.data));
}

/** The dealer's delivery charge as the site's stored settings give it (0 when they give none). */
export function deliveryChargeOf(site: string): number {
  const [row] = query<{ config: string }>(`SELECT config FROM sites WHERE slug = '${site}'`);
  const config = JSON.parse(row?.config ?? "{}") as { driveAway?: { deliveryCharge?: number } };
  return config.driveAway?.deliveryCharge ?? 0;
}

/** NSW's published passenger vehicle duty: $3 per $100 (or part) to $45,000, then $1,350 plus $5 per $100 (or part) over it. */
/** RevenueWA: 3% of the dutiable value (per whole dollar or part) for a vehicle over 4.5 t GVM, at most $12,000, rounded down to the nearest 5 cents (Duties Act 2008 s 236). */
export const waHeavyDuty = (value: number) => (Math.floor(Math.min(Math.ceil(value) * 3, 1_200_000) / 5) * 5) / 100;
export const nswPassengerDuty = (value: number) => (value <= 45_000 ? Math.ceil(value / 100) * 3 : 1_350 + Math.ceil((value - 45_000) / 100) * 5);
/** QLD's published duty per $100 (or part) by cylinders (hybrid/electric $2), the dearer rate on the whole value over $100,000. */
export function qldDuty(value: number, cylinders: number | null, fuel: string): number {
  const green = /hybrid|electric/i.test(fuel);
  const [low, high] = green ? [2, 4] : cylinders !== null && cylinders <= 4 ? [3, 5] : cylinders !== null && cylinders <= 6 ? [3.5, 5.5] : [4, 6];
  return Math.ceil(value / 100) * (value > 100_000 ? high : low);
}

/** A generated caravan site (the seventh dealer's file on the caravan template), replacing any left by an earlier run: its write key. */
export async function createCaravanSite(slug: string, name: string): Promise<string> {
  await operatorApi("DELETE", `/sites/${slug}`);
  const seventh = parse(readFileSync(new URL("../../examples/sites/seventh-dealer.yaml", import.meta.url), "utf8")) as Record<string, unknown>;
  const created = await operatorApi("POST", "/sites", { ...seventh, slug, name, template: "caravan", domains: [] });
  if (created.status !== 201) throw new Error(`site ${slug} not created: ${created.status} ${await created.text()}`);
  return ((await created.json()) as { keys: { key: string }[] }).keys[0]?.key ?? "";
}

/** Vans for a generated site: copies of one of Coastal Caravans' in-stock vans, each with its own stock number and ATM (null: none stated). */
export async function vansWithAtms(vans: { stocknum: string; atm: number | null }[]): Promise<Record<string, unknown>[]> {
  const response = await fetchSite("coastal-caravans", "/api/stock/vehicles", { headers: { authorization: "Bearer write-coastal-caravans" } });
  const { vehicles } = (await response.json()) as { vehicles: Record<string, unknown>[] };
  const { site: _s, dealership_id: _d, dealership_slug: _ds, ...van } = vehicles.find((v) => v.status === "in_stock") as Record<string, unknown>;
  const specs = van.caravan_specifications as Record<string, unknown>;
  const first = 9_340_000 + Math.floor(Math.random() * 10_000) * 10;
  return vans.map(({ stocknum, atm }, n) => ({
    ...van,
    id: first + n,
    stocknum,
    slug: `issue34-${stocknum.toLowerCase()}`,
    caravan_specifications: { ...specs, aggregate_trailer_mass: atm },
  }));
}

/** Writes vans to a generated site through its stock API. */
export async function writeVans(site: string, key: string, upsert: Record<string, unknown>[]): Promise<void> {
  const written = await fetchSite(site, "/api/stock/vehicles/batch", {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ upsert, delete: [] }),
  });
  if (written.status !== 200) throw new Error(`vans not written to ${site}: ${written.status} ${await written.text()}`);
}

/** A van's ATM as its listing states it (null: none). */
export const atmOf = (car: Pick<Car, "caravan_specifications">) => car.caravan_specifications?.aggregate_trailer_mass ?? null;

/** Every van the site's search lists (its own conditions, as the page applies them), paged through the search API. */
export async function listedVans(site: string): Promise<{ id: number; atm: number | null }[]> {
  const filters = siteSearchFilters(demoConfig(site), new Date()).map((filter) => `(${filter})`).join(" AND ");
  const vans: { id: number; atm: number | null }[] = [];
  for (let page = 0; ; page++) {
    const { hits } = await searchSite<Car>(site, { filters, hitsPerPage: 1000, page, attributesToRetrieve: ["id", "caravan_specifications"] });
    vans.push(...hits.map((hit) => ({ id: hit.id, atm: atmOf(hit) })));
    if (hits.length < 1000) return vans;
  }
}

/**
 * A generated caravan site with five vans against 3,000 kg: within (1,800), within but over 85% (3,000), over by a
 * kilogram (3,001), and two whose listings state no ATM (null, 0). Its vans, with stock numbers `${prefix}1` to 5.
 */
export async function vanSiteAround3000(slug: string, name: string, prefix: string): Promise<Record<string, unknown>[]> {
  const key = await createCaravanSite(slug, name);
  const vans = await vansWithAtms([1_800, 3_000, 3_001, null, 0].map((atm, n) => ({ stocknum: `${prefix}${n + 1}`, atm })));
  await writeVans(slug, key, vans);
  return vans;
}
