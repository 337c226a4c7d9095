import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { ROOT, STATE_DIR, wranglerBin, wranglerEnv } from "./stack";

/** The local D1 database every Worker binds, driven through wrangler like in production. */
const EDGE_CONFIG = join(ROOT, "edge/wrangler.jsonc");
const DATABASE = "dealer-platform";

function wrangler(args: string[]): string {
  return execFileSync(process.execPath, [wranglerBin, ...args, "-c", EDGE_CONFIG, "--persist-to", STATE_DIR], {
    cwd: ROOT,
    env: { ...wranglerEnv, CI: "true" },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 64 * 1024 * 1024,
  });
}

export function applyMigrations(): void {
  wrangler(["d1", "migrations", "apply", DATABASE, "--local"]);
}

export function executeFile(file: string): void {
  wrangler(["d1", "execute", DATABASE, "--local", "--file", file]);
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
