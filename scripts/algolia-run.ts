import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, openSync } from "node:fs";
import { demoWriteKey } from "../db/demo/generate";
import { requestOnHost } from "./host-request";
import { join } from "node:path";
import { query } from "./d1";
import { PLATFORM_PORT, ROOT } from "./stack";

/**
 * The platform configured for Algolia against the stand-in (ADR 0035), for npm test: the stand-in started on its own
 * port, the settings pushed with stock:sync --settings, and the stock pushed through the platform's own queue.
 */
export const STAND_IN_PORT = Number(process.env.STAND_IN_PORT ?? 8830);

/** The settings as an Algolia account would give them: another application id, its hosts, fresh keys each run. */
export function standInSettings(): Record<string, string> {
  return {
    SEARCH_BACKEND: "algolia",
    ALGOLIA_APP_ID: "STANDIN",
    ALGOLIA_HOSTS: `http://127.0.0.1:${STAND_IN_PORT}`,
    ALGOLIA_INDEX: "Car_production",
    ALGOLIA_SEARCH_KEY: randomBytes(16).toString("hex"),
    ALGOLIA_WRITE_KEY: randomBytes(16).toString("hex"),
  };
}

const tsx = (script: string) => [join(ROOT, "node_modules/tsx/dist/cli.mjs"), join(ROOT, script)];

/** Starts the stand-in with this process's ALGOLIA_* settings (its own process group) and waits until it answers. */
export async function startStandIn(): Promise<ChildProcess> {
  mkdirSync(join(ROOT, ".state/logs"), { recursive: true });
  const log = openSync(join(ROOT, ".state/logs/algolia-stand-in.log"), "a");
  const child = spawn(process.execPath, [...tsx("scripts/algolia-stand-in.ts"), "--port", String(STAND_IN_PORT)], { cwd: ROOT, stdio: ["ignore", log, log], detached: true });
  for (let i = 0; i < 80; i++) {
    const up = await fetch(`http://127.0.0.1:${STAND_IN_PORT}/health`).then((r) => r.ok, () => false);
    if (up) return child;
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  stopStandIn(child);
  throw new Error(`the Algolia stand-in did not start on port ${STAND_IN_PORT} (see .state/logs/algolia-stand-in.log)`);
}

export function stopStandIn(child: ChildProcess | null): void {
  if (!child?.pid) return;
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    // already gone
  }
}

/** npm run stock:sync -- --settings, as an operator runs it. */
export function pushSettings(): void {
  execFileSync(process.execPath, [...tsx("scripts/stock-sync/sync-cli.ts"), "--settings"], { cwd: ROOT, stdio: "inherit" });
}

type SiteDrift = { site: string; version: number; pushed: number; stock: number; indexed: number | null; action: string };

/** POST or GET /api/stock/search-sync on a site's host with one of its write keys. */
async function searchSync(site: string, key: string, method: "GET" | "POST"): Promise<SiteDrift> {
  const answer = await requestOnHost(`http://127.0.0.1:${PLATFORM_PORT}`, "/api/stock/search-sync", { method, host: `${site}.localhost:${PLATFORM_PORT}`, headers: { authorization: `Bearer ${key}` } });
  const text = answer.body.toString("utf8");
  if (answer.status !== 200) throw new Error(`search-sync ${site}: ${answer.status} ${text}`);
  return (JSON.parse(text) as { site: SiteDrift }).site;
}

/**
 * Every site's stock into the stand-in through the real pipeline: each site's reconciliation (what the cron runs)
 * finds the index behind and queues the site; the queue's consumer pushes it. A site whose push has settled but
 * whose count still differs (the stand-in starts empty, while D1 remembers what an earlier run pushed) is reconciled
 * again, as the next cron run would, which queues its resync. Waits until every site is pushed and its record count
 * in the index is its count in D1. That takes 15 s on a quiet machine; after a long suite on a loaded 2-core machine it
 * once took past 90 s, so the deadline is 240 s (it returns as soon as the stock is there).
 */
export async function pushStockThroughQueue(timeoutMs = 240_000): Promise<SiteDrift[]> {
  // The demo's write keys: the table holds only their hashes (ADR 0043).
  const keys = query<{ site: string; slug: string }>("SELECT site, MIN(slug) AS slug FROM dealerships GROUP BY site ORDER BY site").map((row) => ({ site: row.site, key: demoWriteKey(row.slug) }));
  const reconciled = new Map<string, number>();
  const reconcile = async (site: string, key: string) => {
    reconciled.set(site, Date.now());
    await searchSync(site, key, "POST");
  };
  for (const { site, key } of keys) await reconcile(site, key);
  const until = Date.now() + timeoutMs;
  for (;;) {
    // A site with no stock yet has no drift to report (null).
    const drifts = (await Promise.all(keys.map(({ site, key }) => searchSync(site, key, "GET")))).filter(Boolean);
    const behind = drifts.filter((d) => d.pushed < d.version || d.indexed !== d.stock);
    if (behind.length === 0) return drifts;
    if (Date.now() > until) throw new Error(`the stock did not reach the stand-in: ${JSON.stringify(behind)}`);
    for (const drift of behind) {
      const settled = drift.pushed >= drift.version && Date.now() - (reconciled.get(drift.site) ?? 0) > 3000;
      if (settled) await reconcile(drift.site, keys.find((k) => k.site === drift.site)!.key);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}
