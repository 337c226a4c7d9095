/**
 * Builds the shell and the five remotes one after the other (2 cores: sequential is faster
 * than parallel here) and prints each build id. Pass names to build a subset:
 *   tsx scripts/build/build-all.ts mf-search          # rebuild one remote only
 *   BUILD_ID=test-2 tsx scripts/build/build-all.ts mf-search
 * A package whose sources give the id its current build already has is skipped.
 *
 * Each package builds in its own `rspack build` process: the CLI loads the TypeScript config
 * with jiti and leaves rspack itself untransformed. Running rspack inside tsx breaks the
 * federation runtime (tsx rewrites rspack's runtime template and the bundle then calls an
 * undefined __name helper in the browser).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot, resolveBrowserBuild } from "./browser-config";

export const browserPackages = ["shell", "mf-search", "mf-vehicle", "mf-forms", "mf-locations", "mf-finance", "mf-dealer"] as const;

const rspackBin = join(repoRoot, "node_modules/.bin/rspack");

function build(name: string): string {
  const packageDir = join(repoRoot, name);
  const result = spawnSync(rspackBin, ["build", "-c", "rspack.config.ts"], {
    cwd: packageDir,
    env: process.env,
    encoding: "utf8",
  });
  if (result.status !== 0) {
    throw new Error(`${name}: rspack build failed\n${result.stdout}\n${result.stderr}`);
  }
  return readFileSync(join(packageDir, "dist/BUILD_ID"), "utf8").trim();
}

/** Same sources, same id: a package whose current build already has that id is not rebuilt. */
function upToDate(name: string): string | null {
  if (process.env.BUILD_ID?.trim()) return null;
  const packageDir = join(repoRoot, name);
  const { buildId, distDir, outputDir } = resolveBrowserBuild({ packageDir, publicBase: "" });
  const current = join(distDir, "BUILD_ID");
  return existsSync(outputDir) && existsSync(current) && readFileSync(current, "utf8").trim() === buildId ? buildId : null;
}

function main(args: string[]): void {
  const unknown = args.filter((arg) => !(browserPackages as readonly string[]).includes(arg));
  if (unknown.length > 0) throw new Error(`Unknown package(s): ${unknown.join(", ")}. Known: ${browserPackages.join(", ")}`);
  for (const name of args.length > 0 ? args : browserPackages) {
    const started = performance.now();
    const current = upToDate(name);
    if (current) {
      console.log(`${name.padEnd(13)} build ${current}  (unchanged)`);
      continue;
    }
    const buildId = build(name);
    console.log(`${name.padEnd(13)} build ${buildId}  (${((performance.now() - started) / 1000).toFixed(1)}s)`);
  }
}

try {
  main(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
