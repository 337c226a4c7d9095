/** Stands in for runtime-core's plugins/generate-preload-assets.js: added only with the snapshot plugin. */
export const generatePreloadAssetsPlugin = () => ({ name: "generate-preload-assets-plugin" });
