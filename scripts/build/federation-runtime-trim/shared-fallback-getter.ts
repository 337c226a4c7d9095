/**
 * Stands in for the bundler runtime's getSharedFallbackGetter.js: without shared tree shaking (see bundler-init.ts) a
 * shared module's getter is its own factory, which is all the real file returns in that case.
 */
type FallbackArgs<Factory> = { shareKey: string; factory: Factory; webpackRequire: { federation: { sharedFallback?: Record<string, unknown> } } };

export function getSharedFallbackGetter<Factory>({ shareKey, factory, webpackRequire }: FallbackArgs<Factory>): Factory {
  if (webpackRequire.federation.sharedFallback?.[shareKey]) throw new Error(`[federation] shared tree shaking is not used on this platform (${shareKey})`);
  return factory;
}
