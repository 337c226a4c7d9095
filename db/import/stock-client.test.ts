import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStockApi } from "../../mf-search/src/stock/stock-api";
import { generateDemoData } from "../demo/generate";
import { demoSeedSql } from "../demo/seed-sql";
import { createTestD1, runSqlScript } from "../test-support/d1";
import { splitIntoBatches } from "./batches";
import { getStockVehicles, postStockBatch } from "./stock-client";

const demo = generateDemoData({ today: "2026-05-10" });
let d1: Awaited<ReturnType<typeof createTestD1>>;
let server: Server;
let baseUrl: string;
const hosts: string[] = [];

beforeAll(async () => {
  d1 = await createTestD1();
  await runSqlScript(d1.db, demoSeedSql(demo, "2026-05-10T00:00:00.000Z"));
  const api = createStockApi();
  // A stand-in for the gateway: /api/stock/* on any host goes to the stock API.
  server = createServer(async (req, res) => {
    hosts.push(req.headers.host ?? "");
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = (req.url ?? "/").replace(/^\/api\/stock/, "");
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
    const body = req.method === "GET" ? undefined : Buffer.concat(chunks);
    const response = await api.request(path, { method: req.method, headers, body }, { DB: d1.db });
    res.writeHead(response.status, { "Content-Type": "application/json" }).end(await response.text());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  await d1.dispose();
});

describe("postStockBatch", () => {
  it("loads a whole demo site through the stock API on its tenant host", async () => {
    const vehicles = demo.vehicles.filter((v) => v.site === "summit-auto-group") as Record<string, unknown>[];
    const batches = splitIntoBatches(vehicles);
    expect(batches.length).toBe(5);
    for (const batch of batches) {
      const { status, body } = await postStockBatch(baseUrl, "summit-auto-group.localhost", `write-${batch.dealershipSlug}`, batch);
      expect(status).toBe(200);
      expect(body).toMatchObject({ upserted: batch.upsert.length, unchanged: 0 });
    }
    expect(hosts.at(-1)).toBe("summit-auto-group.localhost");
    const count = await d1.db.prepare("SELECT COUNT(*) AS n FROM vehicles WHERE site = ?").bind("summit-auto-group").first<{ n: number }>();
    expect(count?.n).toBe(vehicles.length);
    const again = await postStockBatch(baseUrl, "summit-auto-group.localhost", `write-${batches[0]?.dealershipSlug}`, batches[0] as never);
    expect(again.body).toMatchObject({ upserted: 0, unchanged: batches[0]?.upsert.length, version: 5 });
    const first = batches[0]!.upsert[0] as { stocknum: string; price: number | null };
    const found = await getStockVehicles(baseUrl, "summit-auto-group.localhost", `write-${batches[0]?.dealershipSlug}`, first.stocknum);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ vehicles: [{ stocknum: first.stocknum, price: first.price }] });
  }, 30_000);

  it("returns the API's rejection", async () => {
    const { status, body } = await postStockBatch(baseUrl, "harbour-city-motors.localhost", "write-harbour-city-motors", { upsert: [{ stocknum: "X1" }] });
    expect(status).toBe(400);
    expect((body as { rejected: unknown[] }).rejected).toHaveLength(1);
  });
});
