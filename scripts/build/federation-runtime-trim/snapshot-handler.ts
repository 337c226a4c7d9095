/**
 * Stands in for runtime-core's plugins/snapshot/SnapshotHandler.js. Snapshots come from remotes registered by their
 * mf-manifest.json; the platform registers every remote by its remoteEntry.js (ADR 0011), so the handler's manifest
 * loading is never used. removeRemote (a slot's Retry re-registers its remote) still clears manifestCache.
 */
const unused = () => Promise.reject(new Error("[federation] manifest remotes are not used on this platform"));

export class SnapshotHandler {
  manifestCache = new Map<string, unknown>();
  // No snapshot lifecycle: the runtime's plugins are applied to every handler's hooks, and there is none to join.
  hooks = { lifecycle: {}, applyPlugin() {}, removePlugin() {} };
  loadRemoteSnapshotInfo = unused;
  getManifestJson = unused;
}

/** Without snapshots a removed remote leaves no global snapshot to clean up. */
export function getGlobalRemoteInfo(): { hostGlobalSnapshot: undefined; globalSnapshot: undefined; remoteSnapshot: undefined } {
  return { hostGlobalSnapshot: undefined, globalSnapshot: undefined, remoteSnapshot: undefined };
}
