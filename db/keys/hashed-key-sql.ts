import { createHash } from "node:crypto";
import { lookupIdOf } from "@dealer/shared/keys";
import { sqlLiteral } from "../demo/seed-sql";

/** A key to store: who it speaks for and what it may do (the key itself never reaches the table). */
export type KeyToStore = { key: string; site: string | null; dealership_id: number | null; scopes: string; name: string };

/** The same SHA-256 and lookup id the Workers compute (shared/src/keys), synchronously for SQL files. */
export function storedKey(key: string): { id: string; hash: string } {
  const hash = createHash("sha256").update(key).digest("hex");
  return { id: lookupIdOf(key, hash), hash };
}

/** Upserts a key's hash; safe to run again (a rotated or revoked key keeps its own state). */
export function hashedKeySql(key: KeyToStore, createdAt: string): string {
  const { id, hash } = storedKey(key.key);
  const values = [id, hash, key.site, key.dealership_id, key.scopes, key.name, createdAt].map(sqlLiteral).join(", ");
  return `INSERT INTO api_keys (id, hash, site, dealership_id, scopes, name, created_at) VALUES (${values}) ON CONFLICT(id) DO UPDATE SET hash = excluded.hash, site = excluded.site, dealership_id = excluded.dealership_id, scopes = excluded.scopes, name = excluded.name;`;
}

/** A key row as migration 0025 set it aside: the key in plain text and its kind. */
export type PlaintextKeyRow = { key: string; site: string; dealership_id: number | null; kind: "search" | "write" };

/** The scopes a key had before scopes existed: a write key wrote stock and read leads. */
const SCOPES_OF_KIND = { search: "search", write: "stock:write leads:read" } as const;

/** Moves plaintext keys to hashes (migration 0025's second half) and empties the old table, in one file. */
export function plaintextKeysMigrationSql(rows: PlaintextKeyRow[], now: string): string {
  const inserts = rows.map((row) =>
    hashedKeySql({ key: row.key, site: row.site, dealership_id: row.dealership_id, scopes: SCOPES_OF_KIND[row.kind], name: `${row.kind} key (moved from plain text)` }, now),
  );
  return `${[...inserts, "DELETE FROM api_keys_plaintext;"].join("\n")}\n`;
}
