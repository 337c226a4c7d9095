import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type PlaintextKeyRow, plaintextKeysMigrationSql } from "../db/keys/hashed-key-sql";
import { applyMigrations, executeFile, queries } from "./d1";
import { demoWriteKey } from "../db/demo/generate";
import { getFeedReport } from "../db/import/stock-client";
import { PROGRESS_EVERY_MS, withProgress } from "./progress";
import { folderFingerprint, readPreparedState, writePreparedState } from "./dev-session/prepared-state";
import { PLATFORM_PORT, ROOT, STATE_DIR, type Session, writeDevVars } from "./stack";

const MIGRATIONS_DIR = join(ROOT, "db/migrations");
const DEMO_DIR = join(ROOT, "db/demo");

/** A step of start or test that failed: what failed, and what to do about it. */
export class StepFailed extends Error {
  constructor(
    readonly step: string,
    readonly advice: string,
    cause: unknown,
  ) {
    super(`${step} failed: ${(cause as Error)?.message ?? cause}`, { cause });
  }
}

export async function step<T>(name: string, advice: string, work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof StepFailed ? error : new StepFailed(name, advice, error);
  }
}

function run(script: string, args: string[] = []): void {
  execFileSync(process.execPath, [join(ROOT, "node_modules/tsx/dist/cli.mjs"), join(ROOT, script), ...args], {
    cwd: ROOT,
    stdio: "inherit",
  });
}

/** The same, without blocking this process, with a progress line every 15 s while it runs. */
async function runWithProgress(label: string, script: string, args: string[] = []): Promise<void> {
  const child = spawn(process.execPath, [join(ROOT, "node_modules/tsx/dist/cli.mjs"), join(ROOT, script), ...args], { cwd: ROOT, stdio: "inherit" });
  const code = await withProgress(label, once(child, "exit").then(([exitCode]) => exitCode as number | null));
  if (code !== 0) throw new Error(`${script} exited with ${code}`);
}

/** Build (unchanged packages are skipped) and hand each Worker its build ids. */
export function build(names: string[] = []): Promise<void> {
  return step("Build", "fix the build error above, then run the command again", () => {
    console.log(`Building ${names.length ? names.join(", ") : "the shell and the remotes"} (unchanged ones are skipped)…`);
    run("scripts/build/build-all.ts", names);
    writeDevVars();
  });
}

export type Prepared = { sites: { slug: string; name: string }[]; stockEmpty: boolean };

/**
 * Everything that writes the local D1 file directly happens here, BEFORE the dev session starts:
 * build, migrations, seeding. Afterwards only the running platform writes it (ADR 0009).
 */
export async function prepare(): Promise<Prepared> {
  await build();
  return step("Database set-up", "if another npm start or npm test runs in this checkout, stop it (npm run stop) and retry", async () => {
    mkdirSync(STATE_DIR, { recursive: true });
    const migrations = folderFingerprint(MIGRATIONS_DIR);
    const seed = folderFingerprint(DEMO_DIR, (file) => file.endsWith(".ts") && !file.endsWith(".test.ts"));
    const known = readPreparedState(STATE_DIR);
    if (known?.migrations === migrations && known.seed === seed && known.stockLoaded && known.sites.length) {
      console.log("Database in place (migrations applied, demo data loaded).");
      return { sites: known.sites, stockEmpty: false };
    }
    console.log("Checking D1 migrations…");
    await applyMigrations();
    await hashPlaintextKeys();
    const read = () => {
      const [sites = [], vehicles = []] = queries("SELECT slug, name FROM sites ORDER BY slug; SELECT COUNT(*) AS count FROM vehicles");
      return { sites: sites as Prepared["sites"], stockEmpty: !(vehicles[0] as { count?: number } | undefined)?.count };
    };
    let found = read();
    // The seed is upserts: run again when the demo sources changed (a site's config, its locations).
    if (!found.sites.length || known?.seed !== seed) {
      console.log("Seeding demo sites, dealerships and locations…");
      const seedFile = join(ROOT, ".wrangler/demo-seed.sql");
      run("db/demo/write-seed.ts", ["--out", seedFile]);
      await executeFile(seedFile, "seeding");
      found = read();
    }
    writePreparedState(STATE_DIR, { migrations, seed, sites: found.sites, stockLoaded: !found.stockEmpty });
    return found;
  });
}

/** Migration 0025 set the plain-text keys aside; they are stored as hashes before any Worker runs (ADR 0043). */
async function hashPlaintextKeys(): Promise<void> {
  const [rows = []] = queries("SELECT key, site, dealership_id, kind FROM api_keys_plaintext");
  if (!rows.length) return;
  console.log(`Hashing ${rows.length} plain-text API key(s)…`);
  const file = join(ROOT, ".wrangler/hash-plaintext-keys.sql");
  writeFileSync(file, plaintextKeysMigrationSql(rows as PlaintextKeyRow[], new Date().toISOString()));
  await executeFile(file, "hashing keys");
}

/** The demo feed's batches (site, dealership, feed report id), kept by the load for the photo wait. */
const DEMO_BATCHES_FILE = join(STATE_DIR, "demo-photo-batches.json");

/**
 * Demo stock goes through the running platform's stock API, so it is validated like any dealer feed; its photos come
 * by URL from the demo photo origin through the queue, and its spin cars' frames by upload (ADR 0094).
 */
export function loadDemoStock(): Promise<void> {
  return step("Demo stock load", "see the stock API's answer above; npm start retries the load while the stock is empty", async () => {
    console.log("Loading demo stock through the stock API…");
    await runWithProgress("loading demo stock", "db/import-cli.ts", ["--demo", "--url", `http://localhost:${PLATFORM_PORT}`, "--batches-out", DEMO_BATCHES_FILE]);
    const known = readPreparedState(STATE_DIR);
    if (known) writePreparedState(STATE_DIR, { ...known, stockLoaded: true });
  });
}

export type DemoPhotos = { ready: number; failed: number; pending: number; seconds: number };

type ReportPhoto = { url: string; status: "ready" | "failed" | "pending" };

/**
 * Waits until the demo feed's photos are settled (none pending in its batches' feed reports) or `timeoutMs` passes,
 * with a line every 15 s; counts distinct photos (a site's URL), not the cars showing them. Resolves at once when the
 * demo stock was loaded before this checkout kept its batches.
 */
export async function waitForDemoPhotos(timeoutMs = 15 * 60_000, log: (line: string) => void = console.log): Promise<DemoPhotos> {
  const started = Date.now();
  const batches = existsSync(DEMO_BATCHES_FILE) ? (JSON.parse(readFileSync(DEMO_BATCHES_FILE, "utf8")) as { site: string; dealership: string; batch: string }[]) : [];
  let lastLine = started;
  for (;;) {
    const photos = new Map<string, ReportPhoto["status"]>();
    for (const { site, dealership, batch } of batches) {
      const { status, body } = await getFeedReport(`http://127.0.0.1:${PLATFORM_PORT}`, `${site}.localhost`, demoWriteKey(dealership), batch).catch(() => ({ status: 0, body: null }));
      // A pruned report (ADR 0071) is long settled; an unreachable platform counts as pending until the timeout.
      if (status === 404) continue;
      if (status !== 200) photos.set(`${site} ${batch}`, "pending");
      for (const photo of status === 200 ? (body as { photos: ReportPhoto[] }).photos : []) photos.set(`${site} ${photo.url}`, photo.status);
    }
    const count = (wanted: ReportPhoto["status"]) => [...photos.values()].filter((status) => status === wanted).length;
    const counts = { ready: count("ready"), failed: count("failed"), pending: count("pending"), seconds: Math.round((Date.now() - started) / 1000) };
    if (counts.pending === 0 || Date.now() - started > timeoutMs) return counts;
    if (Date.now() - lastLine >= PROGRESS_EVERY_MS) {
      log(`  … demo photos: ${counts.ready} in, ${counts.pending} still coming through the queue (${counts.seconds} s)`);
      lastLine = Date.now();
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

export function printSites(session: Session, sites: Prepared["sites"]): void {
  console.log(`\n  ${session.workers.join(", ")}: one wrangler dev session, pid ${session.pid}, http://127.0.0.1:${session.port}`);
  if (session.workers[0] !== "edge") return;
  console.log(`\nDealer platform running. Index: http://localhost:${session.port}/`);
  for (const site of sites) console.log(`  ${site.name.padEnd(24)} http://${site.slug}.localhost:${session.port}/`);
}
