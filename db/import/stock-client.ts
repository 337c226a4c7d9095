import { requestOnHost } from "../../scripts/host-request";

export interface PostResult {
  status: number;
  body: unknown;
}

/** A call to the stock API on a tenant host with a dealership's write key; the body read as JSON when it is JSON. */
async function stockRequest(url: URL, method: "GET" | "POST" | "PUT", host: string, key: string, payload?: string | Uint8Array, type = "application/json"): Promise<PostResult> {
  const headers: Record<string, string | number> = { Authorization: `Bearer ${key}` };
  if (payload !== undefined) Object.assign(headers, { "Content-Type": type, "Content-Length": Buffer.byteLength(payload) });
  const answer = await requestOnHost(url.origin, `${url.pathname}${url.search}`, { method, host, headers, body: payload });
  const text = answer.body.toString("utf8");
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: answer.status, body };
}

/** POSTs a batch to the stock API of a tenant host. */
export function postStockBatch(baseUrl: string, host: string, key: string, batch: { upsert: unknown[]; delete?: string[] }): Promise<PostResult> {
  const payload = JSON.stringify({ upsert: batch.upsert, delete: batch.delete ?? [] });
  return stockRequest(new URL("/api/stock/vehicles/batch", baseUrl), "POST", host, key, payload);
}

/** POSTs CSV text as the dealer's system wrote it; the platform reads it with the site's column mapping (ADR 0075). */
export function postStockCsv(baseUrl: string, host: string, key: string, csv: string): Promise<PostResult> {
  return stockRequest(new URL("/api/stock/vehicles/batch", baseUrl), "POST", host, key, csv, "text/csv; charset=utf-8");
}

/**
 * PUTs a car's media as multipart JPEG files in `field`, replacing what it had (ADR 0080, 0102): its spin frames in
 * turning order (`spin`, `frame`) or its interior panorama (`interior`, `panorama`).
 */
export async function putCarMedia(baseUrl: string, host: string, key: string, stocknum: string, media: { path: "spin" | "interior"; field: string }, files: Uint8Array[]): Promise<PostResult> {
  const form = new FormData();
  for (const [index, file] of files.entries()) form.append(media.field, new Blob([new Uint8Array(file)], { type: "image/jpeg" }), `${index}.jpg`);
  const encoded = new Request("http://upload.invalid/", { method: "POST", body: form });
  const url = new URL(`/api/stock/vehicles/${encodeURIComponent(stocknum)}/${media.path}`, baseUrl);
  return stockRequest(url, "PUT", host, key, new Uint8Array(await encoded.arrayBuffer()), encoded.headers.get("content-type") ?? "");
}

/** A batch's feed report: each photo's outcome (ready, pending, failed), counted. */
export function getFeedReport(baseUrl: string, host: string, key: string, batch: string): Promise<PostResult> {
  return stockRequest(new URL(`/api/stock/batches/${encodeURIComponent(batch)}`, baseUrl), "GET", host, key);
}

/** The dealership's vehicles as stored (one stock number, or all of them). */
export function getStockVehicles(baseUrl: string, host: string, key: string, stocknum?: string): Promise<PostResult> {
  const url = new URL("/api/stock/vehicles", baseUrl);
  if (stocknum) url.searchParams.set("stocknum", stocknum);
  return stockRequest(url, "GET", host, key);
}
