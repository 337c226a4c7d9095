/**
 * Builds the shell and the five remotes one after the other (2 cores: sequential is faster
 * than parallel here) and prints each build id. Pass names to build a subset:
 *   tsx scripts/build/build-all.ts mf-search          # rebuild one remote only
 *   BUILD_ID=test-2 tsx scripts/build/build-all.ts mf-search
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Configuration } from "@rspack/core";
import { repoRoot } from "./browser-config";
import { buildIdOf, runBuild } from "./run-build";

export const browserPackages = ["shell", "mf-search", "mf-vehicle", "mf-forms", "mf-locations", "mf-finance"] as const;

async function loadConfig(name: string): Promise<Configuration> {
  const module = (await import(pathToFileURL(join(repoRoot, name, "rspack.config.ts")).href)) as {
    default: Configuration;
  };
  return module.default;
}

async function main(args: string[]): Promise<void> {
  const unknown = args.filter((arg) => !(browserPackages as readonly string[]).includes(arg));
  if (unknown.length > 0) throw new Error(`Unknown package(s): ${unknown.join(", ")}. Known: ${browserPackages.join(", ")}`);
  const names = args.length > 0 ? args : [...browserPackages];
  for (const name of names) {
    const started = performance.now();
    const config = await loadConfig(name);
    await runBuild(config);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`${name.padEnd(13)} build ${buildIdOf(config)}  (${seconds}s)`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
