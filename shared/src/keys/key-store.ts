import { recordAudit } from "../audit";
import { generateKey, hashKey, type KeyScope, lookupIdOf, MISS_HASH, sameHash } from "./key-format";

/** What a verified key speaks for: a site (null for the operator key), perhaps one dealership, and its scopes. */
export type KeyGrant = { id: string; site: string | null; dealershipId: number | null; scopes: KeyScope[] };

/** A key's record without its secret: what listings and the operator API show. */
export type KeyRecord = KeyGrant & {
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
};

type KeyRow = {
  id: string;
  hash: string;
  site: string | null;
  dealership_id: number | null;
  scopes: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
};

/** last_used_at is written at most this often per key: a busy feed would otherwise write on every request. */
const LAST_USED_EVERY_MS = 60_000;

const recordOf = (row: KeyRow): KeyRecord => ({
  id: row.id,
  site: row.site,
  dealershipId: row.dealership_id,
  scopes: row.scopes.split(" ").filter(Boolean) as KeyScope[],
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
  expiresAt: row.expires_at,
  revokedAt: row.revoked_at,
});

/** The record of a presented key that is live (known, its secret right, neither revoked nor expired), or null. A miss still hashes and compares, against MISS_HASH. */
async function liveKey(db: D1Database, presented: string | undefined, now: Date): Promise<KeyRecord | null> {
  if (!presented || presented.length > 200) return null;
  const hash = await hashKey(presented);
  const row = await db.prepare("SELECT * FROM api_keys WHERE id = ?").bind(lookupIdOf(presented, hash)).first<KeyRow>();
  const matches = sameHash(hash, row?.hash ?? MISS_HASH);
  if (!row || !matches || row.revoked_at || (row.expires_at && row.expires_at <= now.toISOString())) return null;
  return recordOf(row);
}

/** The grant a live key gives once accepted, noting its use. */
async function granted(db: D1Database, record: KeyRecord, now: Date): Promise<KeyGrant> {
  if (!record.lastUsedAt || Date.parse(record.lastUsedAt) < now.getTime() - LAST_USED_EVERY_MS) {
    await db.prepare("UPDATE api_keys SET last_used_at = ? WHERE id = ?").bind(now.toISOString(), record.id).run();
  }
  return { id: record.id, site: record.site, dealershipId: record.dealershipId, scopes: record.scopes };
}

const holdsAny = (record: KeyRecord, scopes: KeyScope[]) => record.scopes.some((scope) => scopes.includes(scope));

/**
 * The grant of a presented key holding any of `scopes`, or null: unknown, wrong, revoked, expired and out-of-scope keys
 * look alike to the caller (one 401, no hint). For a site's own APIs, verifySiteKey.
 */
export async function verifyKey(db: D1Database, presented: string | undefined, scopes: KeyScope[], now: Date = new Date()): Promise<KeyGrant | null> {
  const record = await liveKey(db, presented, now);
  return record && holdsAny(record, scopes) ? granted(db, record, now) : null;
}

/** Where a key was presented: the site the request's Host names (null: none), and the host and path the audit names. */
export type KeyUse = { site: string | null; host: string; path: string };

/**
 * verifyKey for a site's API: a key is accepted only on its own site's host. A live key of another site, or without
 * the scope, gets the same null as a wrong key (one 401, no hint), and one audit entry under the key's own site
 * (`key.refused`), handed to `defer` so the answer does not wait for it. An unknown or dead key writes nothing: no one
 * fills the log by guessing, and a key without a site (the operator's) has no log to write to.
 */
export async function verifySiteKey(
  db: D1Database,
  presented: string | undefined,
  scopes: KeyScope[],
  use: KeyUse,
  defer: (work: Promise<unknown>) => void,
  now: Date = new Date(),
): Promise<KeyGrant | null> {
  const record = await liveKey(db, presented, now);
  if (!record) return null;
  const reason = !holdsAny(record, scopes) ? "scope" : record.site !== use.site ? "another site" : null;
  if (reason === null) return granted(db, record, now);
  if (record.site) {
    const entry = { site: record.site, dealershipId: record.dealershipId, actor: `key:${record.id}`, action: "key.refused", subject: record.id } as const;
    defer(recordAudit(db, { ...entry, detail: { reason, host: use.host.slice(0, 255), path: use.path.slice(0, 255), scopes } }, now));
  }
  return null;
}

/** A key's stored row: its lookup id and hash, never the key. */
export async function keyRow(key: string): Promise<{ id: string; hash: string }> {
  const hash = await hashKey(key);
  return { id: lookupIdOf(key, hash), hash };
}

export type NewKey = { site: string | null; dealershipId: number | null; scopes: KeyScope[]; name: string; expiresAt?: string | null };

/** The statement that stores a key (for a caller's batch) and the key itself, to show once. */
export async function prepareKey(db: D1Database, input: NewKey, now: Date = new Date()): Promise<{ key: string; id: string; statement: D1PreparedStatement }> {
  const key = generateKey();
  const { id, hash } = await keyRow(key);
  const statement = db
    .prepare("INSERT INTO api_keys (id, hash, site, dealership_id, scopes, name, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
    .bind(id, hash, input.site, input.dealershipId, input.scopes.join(" "), input.name, now.toISOString(), input.expiresAt ?? null);
  return { key, id, statement };
}

export async function issueKey(db: D1Database, input: NewKey, now: Date = new Date()): Promise<{ key: string; record: KeyRecord }> {
  const { key, id, statement } = await prepareKey(db, input, now);
  await statement.run();
  return { key, record: (await findKey(db, id)) as KeyRecord };
}

export async function findKey(db: D1Database, id: string): Promise<KeyRecord | null> {
  const row = await db.prepare("SELECT * FROM api_keys WHERE id = ?").bind(id).first<KeyRow>();
  return row ? recordOf(row) : null;
}

export async function listKeys(db: D1Database, site: string): Promise<KeyRecord[]> {
  const { results } = await db.prepare("SELECT * FROM api_keys WHERE site = ? ORDER BY created_at, id").bind(site).all<KeyRow>();
  return results.map(recordOf);
}

/**
 * A new key with the same site, dealership and scopes; the old one keeps working for `overlapSeconds`
 * (0: it stops now), so a dealer's feed can switch without a failed run.
 */
export async function rotateKey(db: D1Database, id: string, overlapSeconds: number, now: Date = new Date()): Promise<{ key: string; record: KeyRecord; old: KeyRecord } | null> {
  const old = await findKey(db, id);
  if (!old || old.revokedAt || (old.expiresAt && old.expiresAt <= now.toISOString())) return null;
  const until = new Date(now.getTime() + overlapSeconds * 1000).toISOString();
  const made = await prepareKey(db, { site: old.site, dealershipId: old.dealershipId, scopes: old.scopes, name: old.name }, now);
  await db.batch([made.statement, db.prepare("UPDATE api_keys SET expires_at = ? WHERE id = ?").bind(until, id)]);
  return { key: made.key, record: (await findKey(db, made.id)) as KeyRecord, old: (await findKey(db, id)) as KeyRecord };
}

/**
 * Stops a key at once. The row stays (revoked_at) so listings and audits can name it. `revokedNow` is false for a
 * key revoked before: of two revocations, even at the same moment, one is the revocation (and one audit entry).
 */
export async function revokeKey(db: D1Database, id: string, now: Date = new Date()): Promise<{ record: KeyRecord; revokedNow: boolean } | null> {
  const changed = await db.prepare("UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL").bind(now.toISOString(), id).run();
  const record = await findKey(db, id);
  return record && { record, revokedNow: changed.meta.changes > 0 };
}

/**
 * A key that lives for one task of the platform's own (a worker acting for a dealership through another worker's
 * API): valid for a minute at most, deleted when the task ends, so no table keeps a usable key for it.
 */
export async function withShortLivedKey<T>(db: D1Database, input: Omit<NewKey, "expiresAt">, use: (key: string) => Promise<T>, now: Date = new Date()): Promise<T> {
  const made = await prepareKey(db, { ...input, expiresAt: new Date(now.getTime() + 60_000).toISOString() }, now);
  await made.statement.run();
  try {
    return await use(made.key);
  } finally {
    await db.prepare("DELETE FROM api_keys WHERE id = ?").bind(made.id).run();
  }
}
