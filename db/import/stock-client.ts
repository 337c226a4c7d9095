import { request } from "node:http";

export interface PostResult {
  status: number;
  body: unknown;
}

/**
 * POSTs a batch to the stock API of a tenant host. node:http, because fetch will not send
 * another Host header than the URL's, and the gateway picks the tenant by Host.
 */
export function postStockBatch(baseUrl: string, host: string, key: string, batch: { upsert: unknown[]; delete?: string[] }): Promise<PostResult> {
  const url = new URL("/api/stock/vehicles/batch", baseUrl);
  const payload = JSON.stringify({ upsert: batch.upsert, delete: batch.delete ?? [] });
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "POST",
        headers: { Host: host, Authorization: `Bearer ${key}`, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(payload) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {}
          resolve({ status: res.statusCode ?? 0, body });
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}
