import type { Env } from "../env";

type Owner = { stocknum: string; key: string; reserved: number | null };

/**
 * Sets a car's `reserved` flag through mf-search's stock API (ADR 0007: search writes go through the stock
 * store, which bumps the stock version, so the Reserved tag reaches search within seconds), acting with the
 * car's dealership write key. True when the stored car now has the flag.
 */
export async function setCarReserved(env: Env, site: string, carId: number, reserved: boolean): Promise<boolean> {
  if (!env.MF_SEARCH) throw new Error("MF_SEARCH is not bound");
  const owner = await env.DB.prepare(
    `SELECT v.stocknum AS stocknum, k.key AS key, json_extract(v.data, '$.reserved') AS reserved
       FROM vehicles v JOIN api_keys k ON k.dealership_id = v.dealership_id AND k.kind = 'write'
      WHERE v.site = ? AND v.id = ? LIMIT 1`,
  )
    .bind(site, carId)
    .first<Owner>();
  if (!owner) return false;
  if (Boolean(owner.reserved) === reserved) return true;
  const headers = { authorization: `Bearer ${owner.key}`, "content-type": "application/json" };
  const found = await env.MF_SEARCH.fetch(`https://mf-search/api/stock/vehicles?stocknum=${encodeURIComponent(owner.stocknum)}`, { headers });
  const car = ((await found.json()) as { vehicles?: Record<string, unknown>[] }).vehicles?.[0];
  if (!found.ok || !car) throw new Error(`stock lookup of ${owner.stocknum} answered ${found.status}`);
  const written = await env.MF_SEARCH.fetch("https://mf-search/api/stock/vehicles/batch", {
    method: "POST",
    headers,
    body: JSON.stringify({ upsert: [{ ...car, reserved }], delete: [] }),
  });
  if (!written.ok) throw new Error(`stock write of ${owner.stocknum} answered ${written.status}: ${await written.text()}`);
  return true;
}

/** The same, logged instead of thrown: the reservation stands, and the scheduled job sets the flag again. */
export async function trySetCarReserved(env: Env, site: string, carId: number, reserved: boolean): Promise<void> {
  await setCarReserved(env, site, carId, reserved).catch((error: unknown) => console.error("[mf-forms] reserved flag not written (the scheduled job retries)", site, carId, error));
}
