import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";

/**
 * In one `wrangler dev` session miniflare names every Worker's static-assets disk service
 * "assets:storage", so every Worker reads the FIRST config's assets and the remotes' own client
 * builds answer 500. Naming the service per Worker fixes it (ADR 0009). Applied before each session;
 * idempotent; the test beside this file fails once miniflare no longer has the shared name.
 */
// biome-ignore lint/suspicious/noTemplateCurlyInString: these are miniflare's source lines, template text included
const SHARED = "const storageServiceName = `${ASSETS_PLUGIN_NAME}:storage`;";
// biome-ignore lint/suspicious/noTemplateCurlyInString: as above
const PER_WORKER = "const storageServiceName = `${ASSETS_PLUGIN_NAME}:storage:${options.assets.workerName}`;";

export function miniflareSource(): string {
  return createRequire(import.meta.url).resolve("miniflare");
}

export type PatchState = "patched" | "needs-patch" | "unknown";

export function patchState(source: string): PatchState {
  if (source.includes(PER_WORKER)) return "patched";
  if (source.includes(SHARED)) return "needs-patch";
  return "unknown";
}

export function ensureMiniflareAssetsPatch(file = miniflareSource()): void {
  const source = readFileSync(file, "utf8");
  const state = patchState(source);
  if (state === "patched") return;
  if (state === "unknown") {
    throw new Error(`miniflare (${file}) changed how it names the assets service: check whether scripts/dev-session/miniflare-assets-patch.ts is still needed`);
  }
  // Written aside and renamed over it: the unit tests import miniflare while the platform starts (ADR 0092), and one
  // that read the file half rewritten found no Miniflare export ("Miniflare is not a constructor").
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, source.replace(SHARED, PER_WORKER));
  renameSync(partial, file);
}
