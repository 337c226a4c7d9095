import { FRAGMENT_STYLESHEET, type RemoteName } from "@dealer/shared/fragment";
import { z } from "zod";
import { type GatewayEnv, remoteBinding } from "../env";

/**
 * What the head needs of a remote's current build, so a page paints without waiting on the slots:
 * the fragments' CSS (inlined) and the scripts the shell will load for hydration (preloaded).
 * Read from the remote's own mf-manifest.json and kept per isolate (ADR 0011).
 */
export type RemoteHeadAssets = {
  remote: RemoteName;
  build: string;
  css: string;
  /** remoteEntry.js and each exposed fragment's sync chunks, as absolute paths. */
  entry: string;
  chunksByFragment: Record<string, string[]>;
};

const manifestSchema = z.object({
  metaData: z.object({ publicPath: z.string(), remoteEntry: z.object({ name: z.string() }) }),
  exposes: z.array(z.object({ name: z.string(), assets: z.object({ js: z.object({ sync: z.array(z.string()) }) }) })),
});

/** A redeploy shows up within this long even if no slot reports it first. */
const FRESH_MS = 30_000;
/** The head never waits longer than this for a remote it has not seen yet. */
const FIRST_LOOK_MS = 150;

const cache = new Map<RemoteName, { assets: RemoteHeadAssets; fetchedAt: number }>();
const inFlight = new Map<RemoteName, Promise<RemoteHeadAssets | null>>();

async function fetchAssets(env: GatewayEnv, remote: RemoteName): Promise<RemoteHeadAssets | null> {
  const binding = remoteBinding(env, remote);
  if (!binding) return null;
  try {
    const manifestResponse = await binding.fetch(`https://${remote}/_mf/${remote}/latest/mf-manifest.json`);
    if (!manifestResponse.ok) return null;
    const manifest = manifestSchema.parse(await manifestResponse.json());
    const base = manifest.metaData.publicPath;
    const build = /\/([^/]+)\/$/.exec(base)?.[1];
    if (!build) return null;
    const cssResponse = await binding.fetch(`https://${remote}${base}${FRAGMENT_STYLESHEET}`);
    const css = cssResponse.ok ? await cssResponse.text() : "";
    const assets: RemoteHeadAssets = {
      remote,
      build,
      css,
      entry: base + manifest.metaData.remoteEntry.name,
      chunksByFragment: Object.fromEntries(manifest.exposes.map((e) => [e.name, ownSyncChunks(e.name, e.assets.js.sync).map((file) => base + file)])),
    };
    cache.set(remote, { assets, fetchedAt: Date.now() });
    return assets;
  } catch (error) {
    console.warn(`[gateway] no head assets for ${remote}: ${(error as Error).message}`);
    return null;
  }
}

/**
 * The manifest gives exposes that import one another the same sync list (mf-forms' EmailUsDialog wraps EnquiryForm,
 * so every lead page preloaded the dialog's chunk too). A slot preloads its own expose's chunk and the shared ones;
 * preloads are only hints, and the runtime still fetches anything else an expose turns out to need.
 */
export function ownSyncChunks(expose: string, files: string[]): string[] {
  return files.filter((file) => !file.startsWith("__federation_expose_") || file.startsWith(`__federation_expose_${expose}.`));
}

function refresh(env: GatewayEnv, remote: RemoteName): Promise<RemoteHeadAssets | null> {
  let pending = inFlight.get(remote);
  if (!pending) {
    pending = fetchAssets(env, remote).finally(() => inFlight.delete(remote));
    inFlight.set(remote, pending);
  }
  return pending;
}

/**
 * The cached assets at once (refreshed in the background when stale); a remote seen for the first
 * time is asked directly, within a small budget. A dead remote yields null: its slot falls back and
 * the shell links its styles once it answers.
 */
export async function headAssetsFor(
  env: GatewayEnv,
  remotes: RemoteName[],
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<RemoteHeadAssets[]> {
  const found = await Promise.all(
    remotes.map(async (remote) => {
      const cached = cache.get(remote);
      if (cached) {
        if (Date.now() - cached.fetchedAt > FRESH_MS) waitUntil(refresh(env, remote));
        return cached.assets;
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      const budget = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), FIRST_LOOK_MS);
      });
      const first = refresh(env, remote);
      waitUntil(first);
      return Promise.race([first, budget]).finally(() => clearTimeout(timer));
    }),
  );
  return found.filter((assets): assets is RemoteHeadAssets => assets !== null);
}

/** A slot answered from another build than the head assumed: look again soon. */
export function noteSlotBuild(env: GatewayEnv, remote: RemoteName, build: string, waitUntil: (promise: Promise<unknown>) => void): void {
  if (cache.get(remote)?.assets.build !== build) waitUntil(refresh(env, remote));
}

const shellCssByBuild = new Map<string, string>();

/** The shell's base.css of this build (immutable under its build id, so cached for good). */
export async function shellCss(env: GatewayEnv): Promise<string> {
  const cached = shellCssByBuild.get(env.SHELL_BUILD_ID);
  if (cached !== undefined) return cached;
  const response = await env.ASSETS.fetch(new Request(`https://shell.internal/${env.SHELL_BUILD_ID}/base.css`));
  const css = response.ok ? await response.text() : "";
  if (response.ok) shellCssByBuild.set(env.SHELL_BUILD_ID, css);
  return css;
}

/** The shell's start-up chunks (SHELL_PRELOADS, from its build's entry.json), preloaded beside its entry. */
export function shellPreloads(env: GatewayEnv): string[] {
  return (env.SHELL_PRELOADS ?? "")
    .split(",")
    .filter((file) => /^[\w.-]+\.js$/.test(file))
    .map((file) => `/_shell/${env.SHELL_BUILD_ID}/${file}`);
}
