import { readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";

export const BUILDS_KEPT = 5;

/**
 * Keeps the newest `keep` build folders (and always `current`) so pages rendered by
 * recent builds still hydrate. Replaces output.clean, which breaks a running assets binding.
 * Returns the removed folder names.
 */
export function pruneBuilds(clientDir: string, current: string, keep = BUILDS_KEPT): string[] {
  const builds = readdirSync(clientDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({ name: entry.name, mtime: statSync(join(clientDir, entry.name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime || a.name.localeCompare(b.name));
  const kept = new Set([current, ...builds.slice(0, keep).map((b) => b.name)]);
  while (kept.size > keep) {
    const oldest = builds.filter((b) => kept.has(b.name) && b.name !== current).pop();
    if (!oldest) break;
    kept.delete(oldest.name);
  }
  const removed = builds.filter((b) => !kept.has(b.name)).map((b) => b.name);
  for (const name of removed) rmSync(join(clientDir, name), { recursive: true, force: true });
  return removed;
}
