import { STOCK_VERSION_CHECK_MS } from "../../edge/src/page/slot-cache";
import { fetchSite } from "./platform";

/** A stock write reaches every page within STOCK_VERSION_CHECK_MS (ADR 0123, 0128): a poll's bound, with this machine's slack. */
export const WITHIN_A_STOCK_CHECK = { timeout: STOCK_VERSION_CHECK_MS + 4_000, interval: 100 };

/** The stock feed API on a site's own host with a dealership's write key: a GET without a body, a POST with one. */
export const stockApi = (site: string, key: string, path: string, body?: unknown) =>
  fetchSite(site, `/api/stock${path}`, {
    method: body ? "POST" : "GET",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

/** Every car a key's stock lists, through the list's pages of 500 (`next`, `?after=`). */
export async function allStock<T extends { slug: string }>(site: string, key: string): Promise<T[]> {
  const vehicles: T[] = [];
  for (let after: string | null = ""; after !== null; ) {
    const page = (await (await stockApi(site, key, `/vehicles${after ? `?after=${encodeURIComponent(after)}` : ""}`)).json()) as { vehicles: T[]; next: string | null };
    vehicles.push(...page.vehicles);
    after = page.next;
  }
  return vehicles;
}

/** A file for a photo upload: its bytes, its name, and optionally its alt text. */
export type UploadFile = { bytes: Uint8Array; name: string; alt?: string };

/**
 * A multipart upload of photos to one car (ADR 0075), with the form's other fields (position, primary), by a write key
 * or as a signed-in staff member (`{ cookie }`, ADR 0078: then with the site's Origin, as the console's page would).
 */
export async function uploadPhotos(site: string, key: string | { cookie: string }, stocknum: string, files: UploadFile[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const file of files) form.append("photo", new Blob([new Uint8Array(file.bytes)]), file.name);
  for (const file of files) if (file.alt !== undefined) form.append("alt", file.alt);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const encoded = new Request("http://upload.invalid/", { method: "POST", body: form });
  return fetchSite(site, `/api/stock/vehicles/${encodeURIComponent(stocknum)}/photos`, {
    method: "POST",
    headers: { ...(typeof key === "string" ? { authorization: `Bearer ${key}` } : key), "content-type": encoded.headers.get("content-type") ?? "" },
    body: new Uint8Array(await encoded.arrayBuffer()),
  });
}
