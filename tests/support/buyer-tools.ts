import { type Car, carSchema } from "@dealer/shared/contract";
import { query } from "./db";

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
export const nswPassengerDuty = (value: number) => (value <= 45_000 ? Math.ceil(value / 100) * 3 : 1_350 + Math.ceil((value - 45_000) / 100) * 5);
/** QLD's published duty per $100 (or part) by cylinders (hybrid/electric $2), the dearer rate on the whole value over $100,000. */
export function qldDuty(value: number, cylinders: number | null, fuel: string): number {
  const green = /hybrid|electric/i.test(fuel);
  const [low, high] = green ? [2, 4] : cylinders !== null && cylinders <= 4 ? [3, 5] : cylinders !== null && cylinders <= 6 ? [3.5, 5.5] : [4, 6];
  return Math.ceil(value / 100) * (value > 100_000 ? high : low);
}
