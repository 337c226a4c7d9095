import { slugHost } from "@dealer/shared/http";
import { withShortLivedKey } from "@dealer/shared/keys";
import type { Env } from "../env";

type Owner = { stocknum: string; dealership_id: number; reserved: number | null };

/**
 * Sets a car's `reserved` flag through mf-search's stock API (ADR 0007: search writes go through the stock
 * store, which bumps the stock version, so the Reserved tag reaches search within seconds), acting for the
 * car's dealership with a short-lived stock:write key (ADR 0043). True when the stored car now has the flag.
 */
export async function setCarReserved(env: Env, site: string, carId: number, reserved: boolean): Promise<boolean> {
  const search = env.MF_SEARCH;
  if (!search) throw new Error("MF_SEARCH is not bound");
  const owner = await env.DB.prepare("SELECT stocknum, dealership_id, json_extract(data, '$.reserved') AS reserved FROM vehicles WHERE site = ? AND id = ?")
    .bind(site, carId)
    .first<Owner>();
  if (!owner) return false;
  if (Boolean(owner.reserved) === reserved) return true;
  const input = { site, dealershipId: owner.dealership_id, scopes: ["stock:write" as const], name: "reservation flag" };
  return withShortLivedKey(env.DB, input, async (key) => {
    const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
    // On the site's own host: the stock API takes a key there only.
    const api = `https://${slugHost(site)}/api/stock/vehicles`;
    const found = await search.fetch(`${api}?stocknum=${encodeURIComponent(owner.stocknum)}`, { headers });
    const car = ((await found.json()) as { vehicles?: Record<string, unknown>[] }).vehicles?.[0];
    if (!found.ok || !car) throw new Error(`stock lookup of ${owner.stocknum} answered ${found.status}`);
    const written = await search.fetch(`${api}/batch`, {
      method: "POST",
      headers,
      body: JSON.stringify({ upsert: [{ ...car, reserved }], delete: [] }),
    });
    if (!written.ok) throw new Error(`stock write of ${owner.stocknum} answered ${written.status}: ${await written.text()}`);
    return true;
  });
}

/** The same, logged instead of thrown: the reservation stands, and the scheduled job sets the flag again. */
export async function trySetCarReserved(env: Env, site: string, carId: number, reserved: boolean): Promise<void> {
  await setCarReserved(env, site, carId, reserved).catch((error: unknown) => console.error("[mf-forms] reserved flag not written (the scheduled job retries)", site, carId, error));
}
