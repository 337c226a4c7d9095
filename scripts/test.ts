import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { pushSettings, pushStockThroughQueue, standInSettings, startStandIn, stopStandIn } from "./algolia-run";
import { platformTestGroups } from "./platform-test-groups";
import { type Counts, countsOf, type Report } from "./test-report";
import { ensureChromium, ensureSqlite, ensureXmllint } from "./chromium";
import { loadDemoStock, prepare, StepFailed, step, waitForDemoPhotos } from "./setup";
import { killSessionsNow, ROOT, type Restart, recordedSessions, startDemoPhotoOrigin, startPlatform, stopAllSessions, superviseSessions, writeDevVars } from "./stack";

/**
 * npm test: typecheck, lint and unit tests beside the platform's build and start and its first group of HTTP and
 * browser tests, then the second group, then the search tests again with the platform configured for Algolia against
 * the stand-in (ADR 0035). A supervisor restarts the platform if it dies mid-run and says so (ADR 0092).
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

/**
 * Seconds since a step's start, printed beside its result with the machine's load (its 1-minute average) so a run's
 * log shows where its time went and how busy the machine was.
 */
const seconds = (since: number) => `${Math.round((Date.now() - since) / 1000)} s, load ${loadavg()[0]?.toFixed(1)}`;

/**
 * Runs a step's command. A step that runs beside another writes its output to a file, printed in one piece when it
 * ends, so two steps' lines never interleave; a step in the foreground prints as it goes.
 */
async function run(label: string, command: string, args: string[], logFile?: string): Promise<number | null> {
  if (!logFile) console.log(`\n▶ ${label}`);
  const out = logFile ? openSync(logFile, "w") : "inherit";
  const child = spawn(command, args, { cwd: ROOT, stdio: ["ignore", out, out], env: { ...process.env, NO_COLOR: "1" } });
  stepProcesses.add(child);
  const [code] = (await once(child, "exit")) as [number | null];
  stepProcesses.delete(child);
  if (logFile) {
    closeSync(out as number);
    console.log(`\n▶ ${label} (ran beside the platform's start and tests; its output:)`);
    process.stdout.write(readFileSync(logFile, "utf8"));
  }
  return code;
}

/** The steps' processes still running: a run that is stopped stops them too (a background step would outlive it). */
const stepProcesses = new Set<ChildProcess>();

/** Where a step that runs beside another keeps its output; undefined in the foreground. */
type Where = { background?: boolean };
const logOf = (label: string, { background }: Where) => (background ? join(REPORTS, `${label.replace(/\W+/g, "-")}.log`) : undefined);

async function check(label: string, command: string, args: string[], where: Where = {}): Promise<boolean> {
  const started = Date.now();
  const code = await run(label, command, args, logOf(label, where));
  const ok = code === 0;
  ok ? tally.passed++ : tally.failed++;
  console.log(`${ok ? "✔" : "✘"} ${label} (${seconds(started)})`);
  return ok;
}

/** Runs vitest (under another Node binary when given, with extra arguments such as file filters); its report, or null when it wrote none. */
async function vitestReport(label: string, config: string, { node, extra = [], ...where }: { node?: string; extra?: string[] } & Where): Promise<Report | null> {
  const report = join(REPORTS, `${label.replace(/\W+/g, "-")}.json`);
  rmSync(report, { force: true });
  const args = ["run", "--config", config, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...extra];
  const code = await run(label, node ?? bin("vitest"), node ? [join(ROOT, "node_modules/vitest/vitest.mjs"), ...args] : args, logOf(label, where));
  if (existsSync(report)) return JSON.parse(readFileSync(report, "utf8")) as Report;
  console.log(`✘ ${label}: no report (exit ${code})`);
  return null;
}

/** Adds a run's counts to the tally (each test is one check) and prints them. */
function tallied(label: string, counts: Counts | null, started: number): void {
  if (!counts) {
    tally.failed++;
    return;
  }
  tally.passed += counts.passed;
  tally.failed += counts.failed;
  console.log(`${counts.failed === 0 ? "✔" : "✘"} ${label}: ${counts.passed} passed, ${counts.failed} failed (${seconds(started)})`);
}

async function vitest(label: string, config: string, options: { node?: string; extra?: string[] } & Where = {}): Promise<void> {
  const started = Date.now();
  const report = await vitestReport(label, config, options);
  tallied(label, report && countsOf(report), started);
}

/** 22 beside Node 20 or 24; 24 beside 22. */
const SECOND_NODE_MAJOR = process.versions.node.startsWith("22.") ? 24 : 22;

/** That Node's binary, from the npm registry's own package of it (node-{platform}-{arch}), kept in .state. */
async function secondNode(where: Where): Promise<string | null> {
  const prefix = join(ROOT, `.state/node-${SECOND_NODE_MAJOR}`);
  const name = `node-${process.platform}-${process.arch}`;
  const binary = join(prefix, "node_modules", name, "bin/node");
  if (existsSync(binary)) return binary;
  mkdirSync(prefix, { recursive: true });
  const ok = await check(`install Node ${SECOND_NODE_MAJOR} (${name} from the npm registry)`, "npm", ["install", "--no-save", "--no-package-lock", "--no-audit", "--no-fund", "--prefix", prefix, `${name}@${SECOND_NODE_MAJOR}`], where);
  return ok && existsSync(binary) ? binary : null;
}

/** `npm test -- --algolia-only`: just the Algolia-configured run (for work on the search backend). */
const algoliaOnly = process.argv.includes("--algolia-only");

/**
 * Typecheck, lint and the unit tests need no platform, so they run beside its build and start and the first platform
 * group (ADR 0092); the second group, two files at a time, waits for them.
 */
async function checksWithoutPlatform(): Promise<void> {
  const where = { background: true };
  await check("typecheck (tsc)", bin("tsc"), ["-p", "tsconfig.json"], where);
  await check("lint (biome)", bin("biome"), ["lint", "."], where);
  await vitest("unit tests", "vitest.config.ts", where);
  // CI runs the tooling's unit tests on a second supported Node line too (`--second-node` locally): the platform
  // supports 20, 22 and 24. What runs on Node is the tooling (scripts/, db/: start, seed, import, bench, miniflare);
  // the Workers' code runs in workerd whichever Node starts it, so its tests run once (ADR 0082).
  if (process.env.CI || process.argv.includes("--second-node")) {
    const node = await secondNode(where);
    if (node) await vitest(`tooling unit tests on Node ${SECOND_NODE_MAJOR}`, "vitest.config.ts", { node, extra: ["scripts/", "db/"], ...where });
  }
}

/** The platform's sessions restarted during this run (the supervisor's reports), summed up before the tally. */
const restarts: Restart[] = [];
type Supervisor = { restarts: readonly Restart[]; stop: () => Promise<void> };
/** Keeps the platform up while tests run (scripts/stack.ts); its reports print as they happen. */
function supervise(): Supervisor {
  const supervisor = superviseSessions((line) => console.log(line));
  return {
    restarts: supervisor.restarts,
    stop: async () => {
      await supervisor.stop();
      restarts.push(...supervisor.restarts);
    },
  };
}

// The lead formats' unit tests and the sitemap and lead HTTP tests validate XML with xmllint.
if (!algoliaOnly) ensureXmllint();
// The insights' period-count unit tests and the platform tests read SQLite files with sqlite3: there before either runs.
ensureSqlite();
const checksDone = algoliaOnly
  ? Promise.resolve()
  : checksWithoutPlatform().catch((error) => {
      tally.failed++;
      console.error("✘ typecheck, lint or unit tests could not run:", error);
    });

// Whatever happens, the sessions this run started (the tests replace them) are stopped.
process.on("exit", () => {
  killSessionsNow(recordedSessions());
  for (const child of stepProcesses) child.kill();
});
process.on("SIGINT", () => void stopAllSessions().finally(() => process.exit(130)));
try {
  const running = recordedSessions();
  if (running.length) {
    // Everything recorded from here on belongs to this run, and is stopped at its end.
    throw new StepFailed("Starting the platform", "stop it first (Ctrl+C where it runs, or npm run stop)", new Error(`npm start already runs in this checkout (pid ${running.map((s) => s.pid).join(", ")})`));
  }
  ensureChromium();
  // The demo's photo origin renders the demo's pictures while the platform builds and starts (ADR 0094).
  await startDemoPhotoOrigin();
  const prepared = await prepare();
  if (!algoliaOnly || prepared.stockEmpty) {
    const started = Date.now();
    await startPlatform();
    if (prepared.stockEmpty) await loadDemoStock();
    console.log(`Platform serving after ${seconds(started)}`);
    // Pages, visual baselines and photo tests read the demo's photos: they are in before the platform tests start.
    const photosFrom = Date.now();
    const photos = await waitForDemoPhotos();
    console.log(`${photos.pending ? "✘" : "✔"} demo photos: ${photos.ready} in, ${photos.failed} failed, ${photos.pending} pending (${seconds(photosFrom)})`);
    if (!algoliaOnly) await platformTests();
    await stopAllSessions();
  }
  await algoliaConfiguredRun();
} catch (error) {
  tally.failed++;
  if (error instanceof StepFailed) console.error(`✘ platform tests could not run: ${error.message}\n  What to do: ${error.advice}`);
  else console.error("✘ platform tests could not run:", error);
} finally {
  await checksDone;
  await stopAllSessions();
}

/**
 * A group of platform test files. When the platform's session exited by itself or hung while the group ran (ADR 0092,
 * ADR 0125: the supervisor restarts it, and every test in between meets a closed port or no answer), the files that
 * failed run once more, one at a time, once it serves again, and their second run counts instead of the first: a
 * file that fails for a reason of its own fails again. The restart is still reported at the end of the run.
 */
async function platformGroup(label: string, config: string, extra: string[], supervisor: Supervisor): Promise<void> {
  const started = Date.now();
  const restartsBefore = supervisor.restarts.length;
  const report = await vitestReport(label, config, { extra });
  const failedFiles = (report?.testResults ?? []).filter((file) => file.status === "failed").map((file) => file.name);
  if (!report || supervisor.restarts.length === restartsBefore || !failedFiles.length) return tallied(label, report && countsOf(report), started);
  for (let waited = 0; supervisor.restarts.some((restart) => !restart.restartedAt && !restart.error) && waited < 180; waited++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  console.log(`\n↻ The platform was restarted while "${label}" ran: its ${failedFiles.length} failed files run once more, and count instead.`);
  const again = await vitestReport(`${label}, the files that failed while the platform was down`, config, { extra: failedFiles });
  const first = countsOf(report, new Set(failedFiles));
  const second = again ? countsOf(again) : { passed: 0, failed: failedFiles.length };
  tallied(label, { passed: first.passed + second.passed, failed: first.failed + second.failed }, started);
}

/**
 * The HTTP and browser tests in their two groups (scripts/platform-test-groups.ts): alone first, then two at a time
 * once the unit tests beside the first group are done, with the supervisor keeping the platform up.
 */
async function platformTests(): Promise<void> {
  const { alone, together } = platformTestGroups(join(ROOT, "tests"));
  const supervisor = supervise();
  try {
    await platformGroup("platform tests that change shared state, one file at a time", "tests/vitest.config.ts", alone, supervisor);
    await checksDone;
    await platformGroup("platform tests, two files at a time", "tests/vitest.config.ts", ["--fileParallelism", "--maxWorkers=2", ...together], supervisor);
  } finally {
    await supervisor.stop();
  }
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
  let supervisor: Supervisor | null = null;
  try {
    standIn = await step("Starting the Algolia stand-in", "is the port taken? STAND_IN_PORT=… picks another", startStandIn);
    writeDevVars();
    await startPlatform();
    supervisor = supervise();
    await step("stock:sync --settings", "see its error above", pushSettings);
    const sites = await step("Pushing the stock through the queue", "see .state/logs/platform.log for the consumer's errors", () => pushStockThroughQueue());
    console.log(`Stock of ${sites.length} sites in the stand-in after ${seconds(started)}`);
    await algoliaTests(supervisor);
  } finally {
    await supervisor?.stop();
    await stopAllSessions();
    stopStandIn(standIn);
    for (const name of Object.keys(settings)) delete process.env[name];
    // Back to the embedded engine for the next npm start.
    writeDevVars();
  }
}

/**
 * The Algolia run's files in the same two groups as the platform tests: those that change shared state (the tow
 * searches' operator settings, the Algolia checks' stock writes and site delete) one at a time, then the rest two at a
 * time. Two at a time the search files took about 1.5 times as long each as one at a time (the three clean-clone runs
 * of 2026-11-29), so the pair does them in about three quarters of the time. Each group is the Algolia config's files
 * filtered by name (the first by the file names given, the second by excluding them).
 */
async function algoliaTests(supervisor: Supervisor): Promise<void> {
  const { alone } = platformTestGroups(join(ROOT, "tests"), ["algolia", "http", "browser"]);
  const config = "tests/vitest.algolia.config.ts";
  await platformGroup("search tests on Algolia (the stand-in) that change shared state, one file at a time", config, ["--passWithNoTests", ...alone], supervisor);
  await platformGroup("search tests on Algolia (the stand-in), two files at a time", config, ["--fileParallelism", "--maxWorkers=2", ...alone.flatMap((file) => ["--exclude", file])], supervisor);
}

for (const restart of restarts) {
  const back = restart.restartedAt ? `restarted at ${restart.restartedAt.toISOString()}` : `not restarted (${restart.error})`;
  const what = restart.cause === "hung" ? "answered nothing while it ran (killed as hung, ADR 0125)" : "exited by itself";
  console.log(`\n✘ The ${restart.label} session (wrangler dev) ${what} at ${restart.exitedAt.toISOString()} and was ${back}: the files of its group that failed (a closed port or no answer) ran once more, and their second run counts (ADR 0092).`);
}
console.log(`\nnpm test took ${seconds(runStarted)}`);
console.log(`${tally.passed} passed, ${tally.failed} failed`);
process.exit(tally.failed === 0 ? 0 : 1);
