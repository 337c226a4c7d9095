/** Stands in for runtime-core's plugins/snapshot/index.js: built with disableSnapshot, the runtime never adds it. */
export const snapshotPlugin = () => ({ name: "snapshot-plugin" });
export const assignRemoteInfo = (): void => {};
