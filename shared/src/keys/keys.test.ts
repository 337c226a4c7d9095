import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestD1 } from "../../../db/test-support/d1";
import { insertSite } from "../../../db/test-support/fragment-request";
import { generateKey, hashKey, lookupIdOf, sameHash } from "./key-format";
import { issueKey, revokeKey, rotateKey, verifyKey, verifySiteKey, withShortLivedKey } from "./key-store";

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

describe("verifySiteKey", () => {
  const use = (site: string | null) => ({ site, host: `${site ?? "nowhere"}.localhost:8787`, path: "/api/stock/vehicles" });
  const refusals = () => db.prepare("SELECT site, dealership_id, actor, subject, detail FROM audit_log WHERE action = 'key.refused' ORDER BY id").all<Record<string, unknown>>();

  it("takes a key on its own site only; a live key refused for the site or the scope is audited under its own site, once", async () => {
    const { key, record } = await newKey();
    const pending: Promise<unknown>[] = [];
    const defer = (work: Promise<unknown>) => void pending.push(work);
    const before = (await refusals()).results.length;
    expect(await verifySiteKey(db, key, ["stock:write"], use(SITE), defer)).toMatchObject({ id: record.id, site: SITE });
    expect(await verifySiteKey(db, key, ["stock:write"], use("summit-auto-group"), defer)).toBeNull();
    expect(await verifySiteKey(db, key, ["operator"], use(SITE), defer)).toBeNull();
    await Promise.all(pending);
    const written = (await refusals()).results.slice(before);
    expect(written.map((row) => [row.site, row.dealership_id, row.actor, row.subject])).toEqual([
      [SITE, 3, `key:${record.id}`, record.id],
      [SITE, 3, `key:${record.id}`, record.id],
    ]);
    expect(written.map((row) => JSON.parse(String(row.detail)).reason)).toEqual(["another site", "scope"]);
  });

  it("writes nothing for a key no one holds, a wrong secret, a revoked key or a key without a site", async () => {
    const { key, record } = await newKey();
    const operator = await issueKey(db, { site: null, dealershipId: null, scopes: ["operator"], name: "operator" });
    await revokeKey(db, record.id);
    const pending: Promise<unknown>[] = [];
    const before = (await refusals()).results.length;
    for (const presented of [undefined, "nope", `${key.slice(0, -1)}x`, key, operator.key]) {
      expect(await verifySiteKey(db, presented, ["stock:write"], use(SITE), (work) => void pending.push(work))).toBeNull();
    }
    expect(pending).toEqual([]);
    expect((await refusals()).results.length).toBe(before);
  });
});
