import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestD1 } from "../../../db/test-support/d1";
import { insertSite } from "../../../db/test-support/fragment-request";
import { generateKey, hashKey, lookupIdOf, sameHash } from "./key-format";
import { issueKey, revokeKey, rotateKey, verifyKey, withShortLivedKey } from "./key-store";

let db: D1Database;
let dispose: () => Promise<void>;
const SITE = "harbour-city-motors";

beforeAll(async () => {
  ({ db, dispose } = await createTestD1());
  await insertSite(db, SITE);
  await db.prepare(`INSERT INTO dealerships (id, site, slug, name, finance_provider, data) VALUES (3, '${SITE}', 'hcm', 'HCM', 'taurus', '{}')`).run();
});
afterAll(() => dispose());

const newKey = () => issueKey(db, { site: SITE, dealershipId: 3, scopes: ["stock:write", "leads:read"], name: "feed" });

describe("key format", () => {
  it("is random, at least 128 bits of secret, and carries its lookup id", async () => {
    const keys = new Set(Array.from({ length: 200 }, generateKey));
    expect(keys.size).toBe(200);
    const key = [...keys][0] as string;
    expect(key).toMatch(/^dk_[a-z0-9]{12}_[A-Za-z0-9_-]{43}$/);
    expect(lookupIdOf(key, await hashKey(key))).toBe(key.slice(3, 15));
    // Other strings (the demo's keys) are found by their own hash.
    expect(lookupIdOf("write-hcm", await hashKey("write-hcm"))).toBe(`h_${(await hashKey("write-hcm")).slice(0, 16)}`);
  });

  it("compares hashes whole", () => {
    expect(sameHash("ab".repeat(32), "ab".repeat(32))).toBe(true);
    expect(sameHash("ab".repeat(32), `${"ab".repeat(31)}ac`)).toBe(false);
    expect(sameHash("ab", "abc")).toBe(false);
  });
});

describe("key store", () => {
  it("stores only the hash; the key verifies for its scopes and records its use", async () => {
    const { key, record } = await newKey();
    const row = await db.prepare("SELECT * FROM api_keys WHERE id = ?").bind(record.id).first<Record<string, unknown>>();
    expect(Object.values(row ?? {})).not.toContain(key);
    expect(row?.hash).toBe(await hashKey(key));
    expect(await verifyKey(db, key, ["stock:write"])).toMatchObject({ site: SITE, dealershipId: 3 });
    expect(await verifyKey(db, key, ["operator"])).toBeNull();
    const used = await db.prepare("SELECT last_used_at FROM api_keys WHERE id = ?").bind(record.id).first<{ last_used_at: string | null }>();
    expect(used?.last_used_at).not.toBeNull();
  });

  it("refuses a wrong secret behind a real lookup id, an unknown id and junk alike", async () => {
    const { key } = await newKey();
    const wrongSecret = `${key.slice(0, 16)}${"A".repeat(43)}`;
    for (const presented of [wrongSecret, `dk_zzzzzzzzzzzz_${"A".repeat(43)}`, "write-nobody", "", "x".repeat(500)]) {
      expect(await verifyKey(db, presented, ["stock:write"])).toBeNull();
    }
  });

  it("rotates with an overlap window, then the old key stops", async () => {
    const { key, record } = await newKey();
    const start = new Date();
    const rotated = await rotateKey(db, record.id, 3600, start);
    expect(rotated?.key).not.toBe(key);
    expect(await verifyKey(db, key, ["stock:write"], new Date(start.getTime() + 1000))).not.toBeNull();
    expect(await verifyKey(db, rotated?.key, ["stock:write"], new Date(start.getTime() + 1000))).not.toBeNull();
    expect(await verifyKey(db, key, ["stock:write"], new Date(start.getTime() + 3601_000))).toBeNull();
    expect(await verifyKey(db, rotated?.key, ["stock:write"], new Date(start.getTime() + 3601_000))).not.toBeNull();
  });

  it("revokes at once; a second revocation changes nothing and says so", async () => {
    const { key, record } = await newKey();
    const first = await revokeKey(db, record.id, new Date("2026-01-01T00:00:00Z"));
    expect(first).toMatchObject({ revokedNow: true, record: { revokedAt: "2026-01-01T00:00:00.000Z" } });
    expect(await verifyKey(db, key, ["stock:write"])).toBeNull();
    expect(await revokeKey(db, record.id)).toMatchObject({ revokedNow: false, record: { revokedAt: "2026-01-01T00:00:00.000Z" } });
    expect(await revokeKey(db, "no-such-key")).toBeNull();
  });

  it("a short-lived key works for its task and is gone after it", async () => {
    let used = "";
    await withShortLivedKey(db, { site: SITE, dealershipId: 3, scopes: ["stock:write"], name: "task" }, async (key) => {
      used = key;
      expect(await verifyKey(db, key, ["stock:write"])).not.toBeNull();
    });
    expect(await verifyKey(db, used, ["stock:write"])).toBeNull();
  });
});
