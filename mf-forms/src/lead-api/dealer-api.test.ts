import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashedKeySql } from "../../../db/test-support/keys";
import { createTestD1, runSqlScript } from "../../../db/test-support/d1";
import { insertSite } from "../../../db/test-support/fragment-request";
import { createDealerLeadApi } from "./dealer-api";

let db: D1Database;
let dispose: () => Promise<void>;
const app = createDealerLeadApi();
const HOST = "harbour-city-motors.localhost";
const get = (path: string, key = "write-hcm", host = HOST) => app.request(path, { headers: { authorization: `Bearer ${key}`, host } }, { DB: db });

beforeAll(async () => {
  ({ db, dispose } = await createTestD1());
  await insertSite(db, "harbour-city-motors");
  await db.prepare("INSERT INTO dealerships (id, site, slug, name, finance_provider, data) VALUES (3, 'harbour-city-motors', 'hcm', 'HCM', 'none', '{}'), (4, 'harbour-city-motors', 'other', 'Other', 'none', '{}')").run();
  await runSqlScript(
    db,
    [
      hashedKeySql({ key: "write-hcm", site: "harbour-city-motors", dealership_id: 3, scopes: "stock:write leads:read", name: "write" }, "2026-11-01"),
      hashedKeySql({ key: "search-hcm", site: "harbour-city-motors", dealership_id: 3, scopes: "search", name: "search" }, "2026-11-01"),
    ].join("\n"),
  );
  const leads = Array.from({ length: 150 }, (_, i) =>
    db
      .prepare("INSERT INTO leads (site, kind, dealership_id, created_at, delivery_status, data) VALUES ('harbour-city-motors', 'enquiry', ?, ?, ?, ?)")
      .bind(i === 0 ? 4 : 3, `2026-11-${String(1 + (i % 20)).padStart(2, "0")}T10:00:00Z`, i % 3 === 0 ? "delivered" : "pending", JSON.stringify({ values: { name: `Lead ${i}`, email: `l${i}@x.au`, message: i === 1 ? "=SUM(A1)" : "hi" } })),
  );
  await db.batch(leads);
  await db.prepare("INSERT INTO lead_deliveries (lead_id, destination, status, attempts, updated_at) SELECT id, 'email:dealership', 'delivered', 1, 'now' FROM leads").run();
});
afterAll(() => dispose());

describe("GET /api/leads (dealer)", () => {
  it("needs the dealership's write key", async () => {
    expect((await app.request("/api/leads", { headers: { host: HOST } }, { DB: db })).status).toBe(401);
    expect((await get("/api/leads", "search-hcm")).status).toBe(401);
    // Another site's host: the key is no key there.
    expect((await get("/api/leads", "write-hcm", "summit-auto-group.localhost")).status).toBe(401);
  });

  it("lists only its dealership's leads, more than 100 at once, each with its delivery log", async () => {
    const response = await get("/api/leads?limit=1000");
    expect(response.status).toBe(200);
    const { leads } = (await response.json()) as { leads: { deliveries: unknown[] }[] };
    expect(leads).toHaveLength(149);
    expect(leads.every((lead) => lead.deliveries.length === 1)).toBe(true);
  });

  it("filters by date and status, and exports CSV safe from spreadsheet formulas", async () => {
    const { leads } = (await (await get("/api/leads?from=2026-11-02&to=2026-11-02&status=delivered")).json()) as { leads: { created_at: string; delivery_status: string }[] };
    expect(leads.length).toBeGreaterThan(0);
    expect(leads.every((lead) => lead.created_at.startsWith("2026-11-02") && lead.delivery_status === "delivered")).toBe(true);
    const [first] = (await (await get("/api/leads?limit=1")).json()).leads as { lead_id: number }[];
    const patch = await app.request(`/api/leads/${first?.lead_id}`, { method: "PATCH", headers: { authorization: "Bearer write-hcm", host: HOST, "content-type": "application/json" }, body: JSON.stringify({ assigned_to: "=SUM(A1)" }) }, { DB: db });
    expect(patch.status).toBe(204);
    const csv = await (await get("/api/leads?format=csv&limit=1000")).text();
    expect(csv).toContain("'=SUM(A1)");
    expect(csv).not.toMatch(/,=SUM/);
    expect((await get("/api/leads?status=lost")).status).toBe(400);
  });

  it("sets a lead's status, assignment and notes; filters by status; never another dealership's lead", async () => {
    const patch = (id: number, body: unknown) =>
      app.request(`/api/leads/${id}`, { method: "PATCH", headers: { authorization: "Bearer write-hcm", host: HOST, "content-type": "application/json" }, body: JSON.stringify(body) }, { DB: db });
    const { leads } = (await (await get("/api/leads?limit=2")).json()) as { leads: { lead_id: number }[] };
    const id = leads[1]?.lead_id ?? -1;
    expect((await patch(id, { status: "contacted", assigned_to: "Sam", note: "Called, wants a test drive", author: "Sam" })).status).toBe(204);
    expect((await patch(id, { status: "won" })).status).toBe(400);
    const other = await db.prepare("SELECT id FROM leads WHERE dealership_id = 4").first<{ id: number }>();
    expect((await patch(other?.id ?? -1, { status: "sold" })).status).toBe(404);
    const contacted = (await (await get("/api/leads?lead_status=contacted")).json()) as { leads: { lead_id: number; status: string; assigned_to: string; notes: { author: string; body: string }[] }[] };
    expect(contacted.leads).toEqual([expect.objectContaining({ lead_id: id, status: "contacted", assigned_to: "Sam", notes: [expect.objectContaining({ author: "Sam", body: "Called, wants a test drive" })] })]);
  });
});
