import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { D1Database } from "@cloudflare/workers-types";
import { Miniflare } from "miniflare";

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), "../migrations");

/**
 * Statements of a SQL script: comment lines dropped, split where a line ends with ';', except inside a
 * trigger's BEGIN ... END; body, whose own statements end with ';' too.
 */
export function splitSqlStatements(sql: string): string[] {
  const statements: string[] = [];
  let current: string[] = [];
  let inBody = false;
  for (const line of sql.split("\n")) {
    if (line.trim().startsWith("--")) continue;
    current.push(line);
    if (/^\s*BEGIN\s*$/i.test(line)) inBody = true;
    const ends = /;\s*$/.test(line) && (!inBody || /^\s*END;\s*$/i.test(line));
    if (!ends) continue;
    inBody = false;
    statements.push(current.join("\n").trim().replace(/;$/, ""));
    current = [];
  }
  const rest = current.join("\n").trim();
  return [...statements, ...(rest ? [rest] : [])].filter(Boolean);
}

export async function runSqlScript(db: D1Database, sql: string): Promise<void> {
  const statements = splitSqlStatements(sql);
  if (statements.length) await db.batch(statements.map((statement) => db.prepare(statement)));
}

export function migrationsSql(): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .map((name) => readFileSync(join(MIGRATIONS_DIR, name), "utf8"));
}

/** A real (in-memory) local D1 from miniflare with every migration applied; dispose() when done. */
export async function createTestD1(): Promise<{ db: D1Database; dispose: () => Promise<void> }> {
  const mf = new Miniflare({ modules: true, script: "export default {}", d1Databases: ["DB"] });
  const db = (await mf.getD1Database("DB")) as unknown as D1Database;
  for (const sql of migrationsSql()) await runSqlScript(db, sql);
  return { db, dispose: () => mf.dispose() };
}
