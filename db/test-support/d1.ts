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

/**
 * Test databases run their scripts inside the runtime, by one async request: preparing thousands of statements
 * through miniflare's proxy is a synchronous call each, and its sync channel can mix up replies on a loaded machine
 * (an assertion in miniflare's fetch-sync.ts that failed a seeding hook now and then).
 */
const scriptRunners = new WeakMap<object, Miniflare>();
const SCRIPT_RUNNER = `export default {
  async fetch(request, env) {
    const statements = await request.json();
    await env.DB.batch(statements.map((statement) => env.DB.prepare(statement)));
    return new Response(null, { status: 204 });
  },
};`;

export async function runSqlScript(db: D1Database, sql: string): Promise<void> {
  const statements = splitSqlStatements(sql);
  if (!statements.length) return;
  const runner = scriptRunners.get(db);
  if (!runner) throw new Error("runSqlScript runs on a database from createTestD1");
  const response = await runner.dispatchFetch("http://d1.test/", { method: "POST", body: JSON.stringify(statements) });
  if (response.status !== 204) throw new Error(`SQL script failed: ${await response.text()}`);
}

/** The migrations' SQL in order; with `before`, only those whose file name sorts before it (a migration's own test). */
export function migrationsSql(before?: string): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((name) => name.endsWith(".sql") && (before === undefined || name < before))
    .sort()
    .map((name) => readFileSync(join(MIGRATIONS_DIR, name), "utf8"));
}

export const migrationSql = (name: string) => readFileSync(join(MIGRATIONS_DIR, name), "utf8");

/** A real (in-memory) local D1 from miniflare with every migration (or those before `before`) applied; dispose() when done. */
export async function createTestD1(before?: string): Promise<{ db: D1Database; dispose: () => Promise<void> }> {
  const mf = new Miniflare({ modules: true, script: SCRIPT_RUNNER, d1Databases: ["DB"] });
  const db = (await mf.getD1Database("DB")) as unknown as D1Database;
  scriptRunners.set(db, mf);
  for (const sql of migrationsSql(before)) await runSqlScript(db, sql);
  return { db, dispose: () => mf.dispose() };
}
