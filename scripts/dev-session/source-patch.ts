import { readFileSync, renameSync, writeFileSync } from "node:fs";

/**
 * Text replaced in an installed package's file before each session (idempotent): a fix the platform needs from a
 * tool that has no option for it. Each patch's test fails once the package no longer has the text it replaces.
 */
export type SourcePatch = { what: string; file: () => string; replacements: readonly (readonly [from: string, to: string])[] };

export type PatchState = "patched" | "needs-patch" | "unknown";

export function patchState(source: string, patch: Pick<SourcePatch, "replacements">): PatchState {
  if (patch.replacements.every(([, to]) => source.includes(to))) return "patched";
  if (patch.replacements.every(([from]) => source.includes(from))) return "needs-patch";
  return "unknown";
}

export function ensurePatched(patch: SourcePatch): void {
  const file = patch.file();
  const source = readFileSync(file, "utf8");
  const state = patchState(source, patch);
  if (state === "patched") return;
  if (state === "unknown") throw new Error(`${file} changed where the platform patches it (${patch.what}): check whether the patch is still needed`);
  // Written aside and renamed over it: the unit tests import miniflare while the platform starts (ADR 0092), and one
  // that read the file half rewritten found no Miniflare export ("Miniflare is not a constructor").
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, patch.replacements.reduce((text, [from, to]) => text.replace(from, to), source));
  renameSync(partial, file);
}
