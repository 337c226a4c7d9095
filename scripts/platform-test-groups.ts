import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * npm test runs the platform's test files in two groups (ADR 0082): files that change what other files see run one
 * at a time, the rest two at a time: a second file uses time the first leaves idle. The saving is small: the same
 * search files took 1.5 times as long each two at a time as one at a time (three clean-clone runs), so two at a time
 * does the work in three quarters of the time; the browser files keep the 2 cores busy (docs/benchmarks/platform.md).
 * The Algolia pass sorts its files into the same two groups.
 *
 * A file runs alone when its source changes shared state or reads counts other files move:
 * - a site's settings, keys or sites themselves (the operator API, the console through a staff sign-in);
 * - a site's stock or photos (the stock API);
 * - the running Workers (tests/support/workers.ts stops and restarts them);
 * - a car's reservation (tests/support/checkout.ts: a reserved car shows Reserved in search and on its page);
 * - rows written straight into the local D1.
 * A file is read with the support modules it imports (tests/support/*), so a helper that hides a change counts too.
 * The patterns are conservative: a file that merely mentions one runs alone, which costs time, never a flake.
 */
const CHANGES_SHARED_STATE = [
  /operatorApi|support\/operator/,
  /support\/staff/,
  /stockApi|uploadPhotos|support\/stock-api|\/api\/stock/,
  /support\/workers/,
  /support\/checkout/,
  /query\(`?"?\s*(UPDATE|INSERT|DELETE)/i,
];

export type PlatformTestGroups = { alone: string[]; together: string[] };

/**
 * Every platform test file in these folders of tests/ (tests/http and tests/browser unless named), relative to tests/,
 * sorted into the two groups. The run on Algolia sorts its own files (tests/algolia too) by the same rule.
 */
export function platformTestGroups(testsDir: string, folders = ["http", "browser"]): PlatformTestGroups {
  const groups: PlatformTestGroups = { alone: [], together: [] };
  for (const folder of folders) {
    for (const name of readdirSync(join(testsDir, folder)).filter((file) => file.endsWith(".test.ts")).sort()) {
      const source = withSupport(testsDir, readFileSync(join(testsDir, folder, name), "utf8"));
      const group = CHANGES_SHARED_STATE.some((pattern) => pattern.test(source)) ? groups.alone : groups.together;
      group.push(`${folder}/${name}`);
    }
  }
  return groups;
}

/** A test file's source followed by the source of each tests/support module it imports. */
function withSupport(testsDir: string, source: string): string {
  const modules = [...source.matchAll(/from "\.\.\/support\/([\w-]+)"/g)].map((match) => match[1]);
  return [source, ...modules.map((module) => readFileSync(join(testsDir, "support", `${module}.ts`), "utf8"))].join("\n");
}
