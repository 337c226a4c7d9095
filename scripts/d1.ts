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

/** Several statements in one wrangler call (each call costs seconds of CLI start-up): one result list per statement. */
export function queries(sql: string): Record<string, unknown>[][] {
  const out = wrangler(["d1", "execute", DATABASE, "--local", "--json", "--command", sql]);
  return (JSON.parse(out) as { results: Record<string, unknown>[] }[]).map((statement) => statement.results ?? []);
}
