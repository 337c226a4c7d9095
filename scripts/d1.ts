import { execFile, execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { withProgress } from "./progress";
import { ROOT, STATE_DIR, wranglerBin, wranglerEnv } from "./stack";

/** The local D1 database every Worker binds, driven through wrangler like in production. */
const EDGE_CONFIG = join(ROOT, "edge/wrangler.jsonc");
const DATABASE = "dealer-platform";

const MIGRATIONS_DIR = join(ROOT, "db/migrations");
const wranglerArgs = (args: string[]) => [wranglerBin, ...args, "-c", EDGE_CONFIG, "--persist-to", STATE_DIR];
const OPTIONS = { cwd: ROOT, env: { ...wranglerEnv, CI: "true" }, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 } as const;

function wrangler(args: string[]): string {
  return execFileSync(process.execPath, wranglerArgs(args), { ...OPTIONS, stdio: ["ignore", "pipe", "pipe"] });
}

/** The same call without blocking this process, so a long one can print its progress meanwhile. */
async function wranglerAsync(args: string[], label: string): Promise<string> {
  return (await withProgress(label, promisify(execFile)(process.execPath, wranglerArgs(args), OPTIONS))).stdout;
}

/** The migration files not applied yet, in order (a fresh database has none applied). */
export function pendingMigrations(files: readonly string[], applied: readonly string[]): string[] {
  const done = new Set(applied);
  return files.filter((file) => file.endsWith(".sql") && !done.has(file)).sort();
}

/** Applies the pending migrations, named first: on a busy machine they take minutes (issue 33). */
export async function applyMigrations(): Promise<void> {
  let applied: string[] = [];
  try {
    applied = query<{ name: string }>("SELECT name FROM d1_migrations").map((row) => row.name);
  } catch {
    // A fresh database has no d1_migrations table yet: every migration is pending.
  }
  const pending = pendingMigrations(readdirSync(MIGRATIONS_DIR), applied);
  if (!pending.length) return;
  console.log(`Applying ${pending.length} D1 migration(s):\n${pending.map((name) => `  ${name}`).join("\n")}`);
  await wranglerAsync(["d1", "migrations", "apply", DATABASE, "--local"], "applying migrations");
}

export async function executeFile(file: string, label = "running SQL"): Promise<void> {
  await wranglerAsync(["d1", "execute", DATABASE, "--local", "--file", file], label);
}

export function query<T = Record<string, unknown>>(sql: string): T[] {
  return queries(sql)[0] as T[];
}

/** How often a read that met the running platform's write lock is tried again, and the pause between tries. */
const BUSY_TRIES = 5;
const BUSY_PAUSE_MS = 200;

/**
 * Several statements in one wrangler call (each call costs seconds of CLI start-up): one result list per statement.
 * Tests read the database while the platform writes to it, and a read can then meet SQLITE_BUSY: it is tried again.
 */
export function queries(sql: string): Record<string, unknown>[][] {
  for (let attempt = 1; ; attempt++) {
    try {
      const out = wrangler(["d1", "execute", DATABASE, "--local", "--json", "--command", sql]);
      return (JSON.parse(out) as { results: Record<string, unknown>[] }[]).map((statement) => statement.results ?? []);
    } catch (error) {
      // execFileSync puts the command's stderr in the message.
      if (attempt >= BUSY_TRIES || !(error as Error).message.includes("SQLITE_BUSY")) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, BUSY_PAUSE_MS);
    }
  }
}
