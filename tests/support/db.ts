import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { STATE_DIR } from "../../scripts/stack";

/**
 * The tests' reads (and few writes) of the running platform's local D1, through Debian's sqlite3 on its file.
 * `wrangler d1 execute` starts a CLI and a Worker runtime for each statement (2 s on a quiet 2-core machine, 10 s
 * under load, hundreds of times a run); the file is SQLite in WAL mode, which several processes share safely.
 * npm test installs sqlite3 like Chromium (scripts/chromium.ts).
 */
const SQLITE_PATH = "/usr/bin/sqlite3";
const D1_DIR = join(STATE_DIR, "v3/d1/miniflare-D1DatabaseObject");

let databaseFile: string | null = null;
function database(): string {
  if (databaseFile) return databaseFile;
  if (!existsSync(SQLITE_PATH)) throw new Error(`${SQLITE_PATH} not found: npm test installs it, or apt-get install -y sqlite3`);
  const files = existsSync(D1_DIR) ? readdirSync(D1_DIR).filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite") : [];
  if (files.length !== 1) throw new Error(`expected the platform's one local D1 database in ${D1_DIR}, found ${files.length}: is it running (npm start)?`);
  databaseFile = join(D1_DIR, files[0] as string);
  return databaseFile;
}

/** One SQL statement's rows (none for a write). A write lock held by the platform is waited for, up to 10 s. */
export function query<T = Record<string, unknown>>(sql: string): T[] {
  const out = execFileSync(SQLITE_PATH, ["-json", "-cmd", ".timeout 10000", database(), sql], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  return out.trim() ? (JSON.parse(out) as T[]) : [];
}

/** A statement's query plan as SQLite prints it (`SEARCH vehicles USING INDEX …`), one line a step. */
export function queryPlan(sql: string): string[] {
  const out = execFileSync(SQLITE_PATH, ["-cmd", ".timeout 10000", database(), `EXPLAIN QUERY PLAN ${sql}`], { encoding: "utf8" });
  return out
    .split("\n")
    .map((line) => line.replace(/^[\s|`-]+/, "").trim())
    .filter((line) => line && line !== "QUERY PLAN");
}
