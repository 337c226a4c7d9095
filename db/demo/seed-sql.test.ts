import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { D1Database } from "@cloudflare/workers-types";
import { createTestD1, runSqlScript } from "../test-support/d1";
import { generateDemoData } from "./generate";
import { demoSeedSql, demoStaffAdminEmail, sqlLiteral } from "./seed-sql";

const data = generateDemoData({ today: "2026-05-10" });
let d1: Awaited<ReturnType<typeof createTestD1>>;
let db: D1Database;

beforeAll(async () => {
  d1 = await createTestD1();
  db = d1.db;
});
afterAll(() => d1.dispose());

const countRows = async (table: string) => (await db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())?.n;

describe("demoSeedSql", () => {
  it("escapes quotes in literals", () => {
    expect(sqlLiteral("O'Riordan")).toBe("'O''Riordan'");
    expect(sqlLiteral(null)).toBe("NULL");
  });

  it("loads sites, domains, dealerships, locations and keys into D1, and can run again", async () => {
    const sql = demoSeedSql(data, "2026-05-10T00:00:00.000Z");
    await runSqlScript(db, sql);
    await runSqlScript(db, sql);
    expect(await countRows("sites")).toBe(6);
    expect(await countRows("dealerships")).toBe(data.dealerships.length);
    expect(await countRows("locations")).toBe(data.locations.length);
    expect(await countRows("api_keys")).toBe(data.apiKeys.length);
    // No table holds a usable key: only SHA-256 hashes and lookup ids.
    const stored = await db.prepare("SELECT id, hash FROM api_keys").all<{ id: string; hash: string }>();
    const keys = new Set(data.apiKeys.map((k) => k.key));
    for (const row of stored.results) {
      expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(keys.has(row.id) || keys.has(row.hash)).toBe(false);
    }
    expect(await countRows("site_domains")).toBe(data.sites.flatMap((s) => s.domains).length);
    expect(await countRows("site_content")).toBe(data.content.length);
    const row = await db.prepare("SELECT data FROM locations WHERE slug = ?").bind("metro-certified-alexandria").first<{ data: string }>();
    expect(JSON.parse(row?.data ?? "{}").address.street).toBe("120 O'Riordan Street");
  }, 30_000);

  it("seeds one staff admin per dealership, and keeps a site's published configuration when it runs again", async () => {
    const sql = demoSeedSql(data, "2026-05-10T00:00:00.000Z");
    await runSqlScript(db, sql);
    expect(await countRows("staff_members")).toBe(data.dealerships.length);
    const dealership = data.dealerships[0];
    const admin = await db.prepare("SELECT role, site FROM staff_members WHERE email = ?").bind(demoStaffAdminEmail(dealership?.slug ?? "")).first();
    expect(admin).toEqual({ role: "admin", site: dealership?.site });
    await db.prepare("UPDATE sites SET config = '{\"labels\":{\"soldLabel\":\"GONE\"}}', config_version = 3 WHERE slug = ?").bind("harbour-city-motors").run();
    await runSqlScript(db, sql);
    const site = await db.prepare("SELECT config, config_version FROM sites WHERE slug = ?").bind("harbour-city-motors").first<{ config: string; config_version: number }>();
    expect(site).toEqual({ config: '{"labels":{"soldLabel":"GONE"}}', config_version: 3 });
    const other = await db.prepare("SELECT config FROM sites WHERE slug = ?").bind("summit-auto-group").first<{ config: string }>();
    expect(JSON.parse(other?.config ?? "{}")).toEqual(data.sites.find((s) => s.slug === "summit-auto-group")?.config);
  }, 30_000);
});
