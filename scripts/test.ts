import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ensureChromium } from "./chromium";
import { loadDemoStockIfEmpty, prepare } from "./setup";
import { ROOT, recordedStack, startStack, stopStack } from "./stack";

/**
 * npm test: typecheck, lint, unit tests, then the running platform's HTTP and browser tests.
 * Ends with one plain line "N passed, N failed" (CI reads it; vitest's own summary is not read).
 */
type Tally = { passed: number; failed: number };
const tally: Tally = { passed: 0, failed: 0 };
const REPORTS = join(ROOT, ".state/reports");
mkdirSync(REPORTS, { recursive: true });

function bin(name: string): string {
  return join(ROOT, "node_modules/.bin", name);
}

function check(label: string, command: string, args: string[]): boolean {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, NO_COLOR: "1" } });
  const ok = result.status === 0;
  ok ? tally.passed++ : tally.failed++;
  console.log(`${ok ? "✔" : "✘"} ${label}`);
  return ok;
}

/** Runs vitest and counts its tests from the JSON report (each test is one check). */
function vitest(label: string, config: string): void {
  console.log(`\n▶ ${label}`);
  const report = join(REPORTS, `${label.replace(/\W+/g, "-")}.json`);
  const result = spawnSync(bin("vitest"), ["run", "--config", config, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`], {
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
  console.log(`${json.success ? "✔" : "✘"} ${label}: ${json.numPassedTests} passed, ${json.numFailedTests} failed`);
}

check("typecheck (tsc)", bin("tsc"), ["-p", "tsconfig.json"]);
check("lint (biome)", bin("biome"), ["lint", "."]);
vitest("unit tests", "vitest.config.ts");

let stack: Awaited<ReturnType<typeof startStack>> = [];
try {
  ensureChromium();
  await prepare();
  stack = await startStack();
  await loadDemoStockIfEmpty();
  vitest("platform tests (HTTP and browser)", "tests/vitest.config.ts");
} catch (error) {
  tally.failed++;
  console.error("✘ platform tests could not run:", error);
} finally {
  // Tests replace Workers (stop, slow, rebuild); the record holds whatever runs now.
  await stopStack(recordedStack());
  await stopStack(stack);
}

console.log(`\n${tally.passed} passed, ${tally.failed} failed`);
process.exit(tally.failed === 0 ? 0 : 1);
