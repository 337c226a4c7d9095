import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
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

/** A wrangler.jsonc's `main` (the Worker's entry), as text. */
const MAIN = /"main":\s*"([^"]+)"/;

/**
 * The Worker's config text with `main` replaced by the bundle and bundling off. Text, not a parsed object, so the
 * file keeps every binding, comment and relative path of the original.
 */
export function prebuiltConfig(configText: string, bundlePath: string): string {
  if (!MAIN.test(configText)) throw new Error('a Worker\'s wrangler.jsonc must name its "main"');
  return configText.replace(MAIN, `"main": ${JSON.stringify(bundlePath)}, "no_bundle": true`);
}

/**
 * The bundle's entry: the Worker's own, with wrangler dev's one local middleware that a deploy bundle lacks. workerd
 * run locally answers 503 for a request whose body the Worker never read (a 400, 403 or 413 before the body), so
 * wrangler dev drains it after every fetch (its middleware-ensure-req-body-drained); this does the same. Every other
 * export and handler is the Worker's own.
 */
export function devEntry(workerEntry: string): string {
  const from = JSON.stringify(workerEntry);
  return `import worker from ${from};
export * from ${from};

async function drain(request) {
  try {
    if (request.body !== null && !request.bodyUsed) {
      const reader = request.body.getReader();
      while (!(await reader.read()).done) {}
    }
  } catch {
    // a body already cancelled: nothing left to drain
  }
}

const handlers = {};
for (const name of ["queue", "scheduled", "email", "tail", "trace"]) {
  if (typeof worker[name] === "function") handlers[name] = worker[name].bind(worker);
}
export default {
  ...handlers,
  async fetch(request, env, ctx) {
    try {
      return await worker.fetch(request, env, ctx);
    } finally {
      await drain(request);
    }
  },
};
`;
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
    const main = MAIN.exec(text)?.[1];
    if (!main) throw new Error(`${config} names no "main"`);
    const sessionDir = join(root, ".state/workers", label);
    const entry = join(sessionDir, "entries", `${worker}.js`);
    mkdirSync(dirname(entry), { recursive: true });
    writeFileSync(entry, devEntry(join(root, worker, main)));
    const outDir = join(sessionDir, worker);
    // The entry as the script: wrangler names the bundle after it ({worker}.js).
    const args = [wranglerBin, "deploy", entry, "--dry-run", "--outdir", outDir, "-c", config];
    await promisify(execFile)(process.execPath, args, { cwd: root, env, maxBuffer: 16 * 1024 * 1024 }).catch(
      (error: Error & { stdout?: string; stderr?: string }) => {
        throw new Error(`building ${worker} for the session failed:\n${`${error.stdout ?? ""}${error.stderr ?? ""}`.trim().split("\n").slice(-15).join("\n")}`);
      },
    );
    const bundle = join(outDir, `${worker}.js`);
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
