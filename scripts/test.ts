import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ChildProcess } from "node:child_process";
import { pushSettings, pushStockThroughQueue, standInSettings, startStandIn, stopStandIn } from "./algolia-run";
import { platformTestGroups } from "./platform-test-groups";
import { ensureChromium, ensureSqlite, ensureXmllint } from "./chromium";
import { loadDemoStock, prepare, StepFailed, step } from "./setup";
import { killSessionsNow, ROOT, recordedSessions, startPlatform, stopAllSessions, writeDevVars } from "./stack";

/**
 * npm test: typecheck, lint, unit tests, then the running platform's HTTP and browser tests, then the search tests
 * again with the platform configured for Algolia against the stand-in (ADR 0035).
 * Ends with one plain line "N passed, N failed" (CI reads it; vitest's own summary is not read).
 */
type Tally = { passed: number; failed: number };
const tally: Tally = { passed: 0, failed: 0 };
const runStarted = Date.now();
const REPORTS = join(ROOT, ".state/reports");
mkdirSync(REPORTS, { recursive: true });

function bin(name: string): string {
  return join(ROOT, "node_modules/.bin", name);
}

/** Seconds since a step's start, printed beside its result so a run's log shows where its time went. */
const seconds = (since: number) => `${Math.round((Date.now() - since) / 1000)} s`;

function check(label: string, command: string, args: string[]): boolean {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, NO_COLOR: "1" } });
  const ok = result.status === 0;
  ok ? tally.passed++ : tally.failed++;
  console.log(`${ok ? "✔" : "✘"} ${label} (${seconds(started)})`);
  return ok;
}

/**
 * Runs vitest (under another Node binary when given, with extra arguments such as file filters) and counts its tests
 * from the JSON report (each test is one check).
 */
function vitest(label: string, config: string, { node, extra = [] }: { node?: string; extra?: string[] } = {}): void {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const report = join(REPORTS, `${label.replace(/\W+/g, "-")}.json`);
  const args = ["run", "--config", config, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...extra];
  const result = spawnSync(node ?? bin("vitest"), node ? [join(ROOT, "node_modules/vitest/vitest.mjs"), ...args] : args, {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, NO_COLOR: "1" },
  });
  if (!existsSync(report)) {
    tally.failed++;
    console.log(`✘ ${label}: no report (exit ${result.status})`);
    return;
  }
  const json = JSON.parse(readFileSync(report, "utf8")) as { numPassedTests: number; numFailedTests: number; numTotalTestSuites: number; success: boolean };
  tally.passed += json.numPassedTests;
  tally.failed += json.numFailedTests;
  // A suite that fails to load has no failed tests; count it so the run cannot look green.
  if (!json.success && json.numFailedTests === 0) tally.failed++;
  console.log(`${json.success ? "✔" : "✘"} ${label}: ${json.numPassedTests} passed, ${json.numFailedTests} failed (${seconds(started)})`);
}

/** 22 beside Node 20 or 24; 24 beside 22. */
const SECOND_NODE_MAJOR = process.versions.node.startsWith("22.") ? 24 : 22;

/** That Node's binary, from the npm registry's own package of it (node-{platform}-{arch}), kept in .state. */
function secondNode(): string | null {
  const prefix = join(ROOT, `.state/node-${SECOND_NODE_MAJOR}`);
  const name = `node-${process.platform}-${process.arch}`;
  const binary = join(prefix, "node_modules", name, "bin/node");
  if (existsSync(binary)) return binary;
  mkdirSync(prefix, { recursive: true });
  const ok = check(`install Node ${SECOND_NODE_MAJOR} (${name} from the npm registry)`, "npm", ["install", "--no-save", "--no-package-lock", "--no-audit", "--no-fund", "--prefix", prefix, `${name}@${SECOND_NODE_MAJOR}`]);
  return ok && existsSync(binary) ? binary : null;
}

/** `npm test -- --algolia-only`: just the Algolia-configured run (for work on the search backend). */
const algoliaOnly = process.argv.includes("--algolia-only");
if (!algoliaOnly) {
  check("typecheck (tsc)", bin("tsc"), ["-p", "tsconfig.json"]);
  check("lint (biome)", bin("biome"), ["lint", "."]);
  // The lead formats' unit tests and the sitemap and lead HTTP tests validate XML with xmllint.
  ensureXmllint();
  vitest("unit tests", "vitest.config.ts");
  // CI runs the tooling's unit tests on a second supported Node line too (`--second-node` locally): the platform
  // supports 20, 22 and 24. What runs on Node is the tooling (scripts/, db/: start, seed, import, bench, miniflare);
  // the Workers' code runs in workerd whichever Node starts it, so its tests run once (ADR 0082).
  if (process.env.CI || process.argv.includes("--second-node")) {
    const node = secondNode();
    if (node) vitest(`tooling unit tests on Node ${SECOND_NODE_MAJOR}`, "vitest.config.ts", { node, extra: ["scripts/", "db/"] });
  }
}

// Whatever happens, the sessions this run started (the tests replace them) are stopped.
process.on("exit", () => killSessionsNow(recordedSessions()));
process.on("SIGINT", () => void stopAllSessions().finally(() => process.exit(130)));
try {
  const running = recordedSessions();
  if (running.length) {
    // Everything recorded from here on belongs to this run, and is stopped at its end.
    throw new StepFailed("Starting the platform", "stop it first (Ctrl+C where it runs, or npm run stop)", new Error(`npm start already runs in this checkout (pid ${running.map((s) => s.pid).join(", ")})`));
  }
  ensureChromium();
  ensureSqlite();
  const prepared = await prepare();
  if (!algoliaOnly || prepared.stockEmpty) {
    await startPlatform();
    if (prepared.stockEmpty) await loadDemoStock();
    if (!algoliaOnly) platformTests();
    await stopAllSessions();
  }
  await algoliaConfiguredRun();
} catch (error) {
  tally.failed++;
  if (error instanceof StepFailed) console.error(`✘ platform tests could not run: ${error.message}\n  What to do: ${error.advice}`);
  else console.error("✘ platform tests could not run:", error);
} finally {
  await stopAllSessions();
}

/** The HTTP and browser tests in their two groups (scripts/platform-test-groups.ts): alone first, then two at a time. */
function platformTests(): void {
  const { alone, together } = platformTestGroups(join(ROOT, "tests"));
  vitest("platform tests that change shared state, one file at a time", "tests/vitest.config.ts", { extra: alone });
  vitest("platform tests, two files at a time", "tests/vitest.config.ts", { extra: ["--fileParallelism", "--maxWorkers=2", ...together] });
}

/**
 * The platform exactly as on Algolia, with the stand-in as the application: settings by stock:sync --settings, the
 * stock by the queue consumer, then the search tests that matter and the Algolia-only checks (tests/algolia).
 */
async function algoliaConfiguredRun(): Promise<void> {
  console.log("\n▶ the platform configured for Algolia (the stand-in)");
  const started = Date.now();
  const settings = standInSettings();
  Object.assign(process.env, settings);
  let standIn: ChildProcess | null = null;
  try {
    standIn = await step("Starting the Algolia stand-in", "is the port taken? STAND_IN_PORT=… picks another", startStandIn);
    writeDevVars();
    await startPlatform();
    await step("stock:sync --settings", "see its error above", pushSettings);
    const sites = await step("Pushing the stock through the queue", "see .state/logs/platform.log for the consumer's errors", () => pushStockThroughQueue());
    console.log(`Stock of ${sites.length} sites in the stand-in after ${seconds(started)}`);
    vitest("search tests on Algolia (the stand-in)", "tests/vitest.algolia.config.ts");
  } finally {
    await stopAllSessions();
    stopStandIn(standIn);
    for (const name of Object.keys(settings)) delete process.env[name];
    // Back to the embedded engine for the next npm start.
    writeDevVars();
  }
}

console.log(`\nnpm test took ${seconds(runStarted)}`);
console.log(`${tally.passed} passed, ${tally.failed} failed`);
process.exit(tally.failed === 0 ? 0 : 1);
