import { describe, expect, it } from "vitest";
import { query } from "../support/db";
import { operatorApi } from "../support/operator";
import { fetchSite } from "../support/platform";

const SITE = "outback-trucks";
const UNAUTHORISED = { message: "A valid dealership write key is required (Authorization: Bearer <key>)." };

const listStock = (key: string) => fetchSite(SITE, "/api/stock/vehicles?stocknum=none", { headers: { authorization: `Bearer ${key}` } });

async function newKey(): Promise<{ key: string; id: string }> {
  const response = await operatorApi("POST", `/sites/${SITE}/keys`, { name: "feed (test)", scopes: ["stock:write"], dealership: "outback-trucks" });
  expect(response.status).toBe(201);
  const { key, record } = (await response.json()) as { key: string; record: { id: string } };
  return { key, id: record.id };
}

describe("keys as secrets", () => {
  it("a new key is random, works at once, and the table holds only its hash", async () => {
    const { key, id } = await newKey();
    expect(key).toMatch(/^dk_[a-z0-9]{12}_[A-Za-z0-9_-]{43}$/);
    expect((await listStock(key)).status).toBe(200);
    const rows = query<Record<string, unknown>>(`SELECT * FROM api_keys WHERE id = '${id}'`);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(key.slice(16));
    // No table holds a usable key: nothing stored verifies when presented.
    const stored = query<{ id: string; hash: string }>("SELECT id, hash FROM api_keys");
    for (const row of stored.slice(0, 20)) {
      expect((await listStock(row.hash)).status).toBe(401);
      expect((await listStock(row.id)).status).toBe(401);
    }
    // The listing shows the key's name, scopes and use, never the key.
    const listed = await (await operatorApi("GET", `/sites/${SITE}/keys`)).text();
    expect(listed).toContain(id);
    expect(listed).not.toContain(key);
    expect(listed).toContain("lastUsedAt");
  });

  it("a wrong secret, an unknown prefix and a revoked key are one 401, with no hint", async () => {
    const { key, id } = await newKey();
    const wrongSecret = `${key.slice(0, 16)}${"A".repeat(43)}`;
    const unknownPrefix = `dk_zzzzzzzzzzzz_${key.slice(16)}`;
    const answers = [];
    for (const presented of [wrongSecret, unknownPrefix, "write-nobody"]) {
      const response = await listStock(presented);
      answers.push([response.status, await response.json()]);
    }
    expect((await operatorApi("POST", `/keys/${id}/revoke`)).status).toBe(200);
    const revoked = await listStock(key);
    answers.push([revoked.status, await revoked.json()]);
    for (const answer of answers) expect(answer).toEqual([401, UNAUTHORISED]);
  });

  it("rotation: the new key works, the old one until the overlap ends; overlap 0 stops it at once", async () => {
    const { key, id } = await newKey();
    const rotated = await operatorApi("POST", `/keys/${id}/rotate`, { overlapSeconds: 3600 });
    expect(rotated.status).toBe(200);
    const { key: next, record, old } = (await rotated.json()) as { key: string; record: { id: string }; old: { expiresAt: string } };
    expect(next).not.toBe(key);
    expect(Date.parse(old.expiresAt)).toBeGreaterThan(Date.now() + 3500_000);
    expect((await listStock(key)).status).toBe(200);
    expect((await listStock(next)).status).toBe(200);

    const again = await operatorApi("POST", `/keys/${record.id}/rotate`, { overlapSeconds: 0 });
    const { key: third } = (await again.json()) as { key: string };
    expect((await listStock(next)).status).toBe(401);
    expect((await listStock(third)).status).toBe(200);
    // Each change is in the site's audit log, under the operator.
    const audited = query<{ action: string; actor: string }>(
      `SELECT action, actor FROM audit_log WHERE site = '${SITE}' AND json_extract(detail, '$.id') IN ('${id}', '${record.id}') ORDER BY id`,
    );
    expect(audited.map((row) => row.action)).toEqual(expect.arrayContaining(["key.create", "key.rotate"]));
    expect(new Set(audited.map((row) => row.actor))).toEqual(new Set(["operator"]));
  });

  it("the demo keys still work through the same hashed store", async () => {
    expect((await listStock("write-outback-trucks")).status).toBe(200);
    expect(query("SELECT id FROM api_keys WHERE id = 'write-outback-trucks' OR hash = 'write-outback-trucks'")).toHaveLength(0);
  });

  it("a key request that names no dealership for a write scope, or an unknown scope, is refused by field", async () => {
    const response = await operatorApi("POST", `/sites/${SITE}/keys`, { name: "x", scopes: ["stock:write"] });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { problems: { path: string }[] }).problems[0]?.path).toBe("dealership");
    const scope = await operatorApi("POST", `/sites/${SITE}/keys`, { name: "x", scopes: ["operator"], dealership: "outback-trucks" });
    expect(scope.status).toBe(400);
  });
});
