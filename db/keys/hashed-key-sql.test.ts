import { verifyKey } from "@dealer/shared/keys";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSite } from "../test-support/fragment-request";
import { createTestD1, runSqlScript } from "../test-support/d1";
import { plaintextKeysMigrationSql } from "./hashed-key-sql";

let db: D1Database;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ db, dispose } = await createTestD1());
  await insertSite(db, "old-site");
  await db.prepare("INSERT INTO dealerships (id, site, slug, name, finance_provider, data) VALUES (9, 'old-site', 'old', 'Old', 'taurus', '{}')").run();
});
afterAll(() => dispose());

describe("migration 0025's second half", () => {
  it("moves plain-text keys to hashes: the old key still writes stock and reads leads, and no plain text is left", async () => {
    // What migration 0025 set aside from an existing database.
    await db.prepare("INSERT INTO api_keys_plaintext (key, site, dealership_id, kind) VALUES ('k-feed-secret', 'old-site', 9, 'write')").run();
    const rows = (await db.prepare("SELECT key, site, dealership_id, kind FROM api_keys_plaintext").all()).results;
    await runSqlScript(db, plaintextKeysMigrationSql(rows as never, "2026-11-25T00:00:00Z"));
    expect(await verifyKey(db, "k-feed-secret", ["stock:write"])).toMatchObject({ site: "old-site", dealershipId: 9, scopes: ["stock:write", "leads:read"] });
    expect((await db.prepare("SELECT COUNT(*) AS n FROM api_keys_plaintext").first<{ n: number }>())?.n).toBe(0);
    expect(JSON.stringify((await db.prepare("SELECT * FROM api_keys").all()).results)).not.toContain("k-feed-secret");
  });
});
