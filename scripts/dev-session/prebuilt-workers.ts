import { execFile } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { promisify } from "node:util";

/**
 * A local session runs each Worker from a bundle built once, as wrangler's `no_bundle` (ADR 0110): wrangler dev then
 * keeps no esbuild watch of seven Workers' sources (300 MB of a 1.5 GiB budget). The bundle is wrangler's own
 * (`deploy --dry-run --outdir`: the same esbuild options, aliases, defines and additional modules as a deploy), and
 * the session's config is the Worker's own with `main` pointed at it, kept in the Worker's folder so its relative
 * paths and `.dev.vars` stay as they are. A session picks the bundle up again when it is restarted;
 * `PLATFORM_WATCH=1 npm start` keeps wrangler's watch and rebuild on every change instead.
 */
export const watchesSources = () => process.env.PLATFORM_WATCH === "1";

/** Bundles built at once: each build is a Node and an esbuild process on a shared 2-core machine. */
const BUILDS_AT_ONCE = 3;

/** The config that runs `worker`'s prebuilt bundle; written beside its wrangler.jsonc (git-ignored). */
export const prebuiltConfigPath = (root: string, worker: string, label: string) => join(root, worker, `wrangler.prebuilt-${label}.jsonc`);

/**
 * The Worker's config text with `main` replaced by the bundle and bundling off. Text, not a parsed object, so the
 * file keeps every binding, comment and relative path of the original.
 */
export function prebuiltConfig(configText: string, bundlePath: string): string {
  const main = /"main":\s*"[^"]+"/;
  if (!main.test(configText)) throw new Error('a Worker\'s wrangler.jsonc must name its "main"');
  return configText.replace(main, `"main": ${JSON.stringify(bundlePath)}, "no_bundle": true`);
}

/** The bundle's file name: wrangler names it after the entry (src/worker.ts → worker.js). */
export function bundleFileName(configText: string): string {
  const main = /"main":\s*"([^"]+)"/.exec(configText)?.[1];
  if (!main) throw new Error('a Worker\'s wrangler.jsonc must name its "main"');
  return basename(main).replace(/\.[cm]?[jt]sx?$/, ".js");
}

/** Build each Worker of a session and hand back the configs to pass to `wrangler dev` (`-c`), in the same order. */
export async function prebuildWorkers(options: {
  root: string;
  label: string;
  workers: string[];
  wranglerBin: string;
  env: NodeJS.ProcessEnv;
}): Promise<string[]> {
  const { root, label, workers, wranglerBin, env } = options;
  const configs: string[] = [];
  const build = async (worker: string) => {
    const config = join(root, worker, "wrangler.jsonc");
    const text = readFileSync(config, "utf8");
    const outDir = join(root, ".state/workers", label, worker);
    await promisify(execFile)(process.execPath, [wranglerBin, "deploy", "--dry-run", "--outdir", outDir, "-c", config], { cwd: root, env, maxBuffer: 16 * 1024 * 1024 }).catch(
      (error: Error & { stdout?: string; stderr?: string }) => {
        throw new Error(`building ${worker} for the session failed:\n${`${error.stdout ?? ""}${error.stderr ?? ""}`.trim().split("\n").slice(-15).join("\n")}`);
      },
    );
    const bundle = join(outDir, bundleFileName(text));
    if (!existsSync(bundle)) throw new Error(`building ${worker} wrote no ${bundle}`);
    const prebuilt = prebuiltConfigPath(root, worker, label);
    writeFileSync(prebuilt, prebuiltConfig(text, relative(join(root, worker), bundle)));
    configs[workers.indexOf(worker)] = prebuilt;
  };
  const queue = [...workers];
  await Promise.all(
    Array.from({ length: Math.min(BUILDS_AT_ONCE, workers.length) }, async () => {
      for (let worker = queue.shift(); worker; worker = queue.shift()) await build(worker);
    }),
  );
  return configs;
}
