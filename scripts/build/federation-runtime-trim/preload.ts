/** Stands in for runtime-core's utils/preload.js: the gateway preloads a slot's entry and chunks from the head. */
const unused = (): never => {
  throw new Error("[federation] preloadRemote is not used on this platform: the page head preloads remote code");
};

export const defaultPreloadArgs = unused;
export const formatPreloadArgs = unused;
export const normalizePreloadExposes = unused;
export const preloadAssets = unused;
