/**
 * Stands in for runtime-core's utils/load.js. Every remote of the platform is a `var` container registered by its
 * remoteEntry.js URL (ADR 0011), loaded in a browser: the ESM, SystemJS and Node loaders, the entry hooks no plugin of
 * the platform taps and the error-recovery hook are left out (issue 35, ADR 0081).
 */
import { loadScript } from "@module-federation/sdk";
import { globalLoading } from "./runtime-global";

export type RemoteInfo = { name: string; entry: string; type: string; entryGlobalName: string; shareScope: string | string[]; version?: string };

export function getRemoteInfo(remote: Partial<RemoteInfo> & { name: string }): RemoteInfo {
  return { ...remote, entry: remote.entry ?? "", type: remote.type || "global", entryGlobalName: remote.entryGlobalName || remote.name, shareScope: remote.shareScope || "default" };
}

export const getRemoteEntryUniqueKey = ({ name, entry }: RemoteInfo): string => `${name}:${entry}`;

export const isEsmRemoteType = (type: string): boolean => type === "esm" || type === "module";

const containerOf = ({ entryGlobalName }: RemoteInfo): unknown => (globalThis as Record<string, unknown>)[entryGlobalName];

/** The remote's container: already on the page, being loaded, or loaded now by a script tag. */
export function getRemoteEntry({ remoteInfo, remoteEntryExports }: { remoteInfo: RemoteInfo; remoteEntryExports?: unknown }): Promise<unknown> {
  if (remoteEntryExports) return Promise.resolve(remoteEntryExports);
  const loading = globalLoading as Record<string, Promise<unknown> | undefined>;
  const key = getRemoteEntryUniqueKey(remoteInfo);
  let entry = loading[key];
  if (!entry) {
    const started = containerOf(remoteInfo)
      ? Promise.resolve(containerOf(remoteInfo))
      : loadScript(remoteInfo.entry, { attrs: {} }).then(
          () => containerOf(remoteInfo) ?? Promise.reject(new Error(`[federation] ${remoteInfo.entry} did not define ${remoteInfo.entryGlobalName}`)),
          (error: unknown) => Promise.reject(new Error(`[federation] ${remoteInfo.name}'s entry ${remoteInfo.entry} failed to load: ${error instanceof Error ? error.message : String(error)}`)),
        );
    entry = loading[key] = started;
    // A failed load is forgotten, so a later attempt (a slot's Retry) loads the script again.
    started.catch(() => {
      if (loading[key] === started) delete loading[key];
    });
  }
  return entry;
}
