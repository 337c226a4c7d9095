import { loadRemote, registerRemotes } from "@module-federation/enhanced/runtime";
import type { ComponentType } from "react";
import type { SlotMarker } from "@dealer/shared/fragment";
import { federationName } from "../federation/remote-name";

type FragmentComponent = ComponentType<Record<string, unknown>>;

/**
 * The container entry of the build that rendered the slot, so hydration uses the same code. Entries,
 * not mf-manifest.json: the runtime is built without its snapshot (manifest) plugin, and the gateway
 * preloads the entry and the fragment's chunks from the head (ADR 0011).
 */
export function remoteEntryUrl(remote: string, build: string): string {
  return `/_mf/${remote}/${build}/remoteEntry.js`;
}

/**
 * One build per remote per page: a server-rendered slot pins its build; "latest" (fallback
 * slots) only applies when no slot of that remote was rendered by a known build.
 */
export function pickBuilds(markers: SlotMarker[]): Map<string, string> {
  const builds = new Map<string, string>();
  for (const marker of markers) {
    const known = builds.get(marker.remote);
    if (!known || (known === "latest" && marker.build !== "latest")) builds.set(marker.remote, marker.build);
  }
  return builds;
}

export function registerPinnedRemotes(builds: Map<string, string>, force = false): void {
  registerRemotes(
    [...builds].map(([remote, build]) => ({ name: federationName(remote), entry: remoteEntryUrl(remote, build) })),
    { force },
  );
}

/** Loads a fragment's exposed component ("./SearchResults" of mf-search). Throws if it cannot. */
export async function loadFragment(marker: Pick<SlotMarker, "remote" | "fragment">): Promise<FragmentComponent> {
  const exposed = await loadRemote<{ default?: FragmentComponent }>(
    `${federationName(marker.remote)}/${marker.fragment}`,
  );
  if (!exposed || typeof exposed.default !== "function") {
    throw new Error(`${marker.remote}/${marker.fragment} has no default export`);
  }
  return exposed.default;
}
