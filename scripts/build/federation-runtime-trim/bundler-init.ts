/**
 * Stands in for the bundler runtime's init.js: the same start, without the plugin it adds for shared tree shaking
 * (`sharedFallback` builds, where a shared module can come from a second, trimmed entry). The platform's builds never
 * turn that on, and the plugin was in the shell's runtime and in every remoteEntry.js.
 */
type FederationRequire = { federation: { initOptions?: object; runtime: { init: (options: object) => unknown } } };

export function init({ webpackRequire }: { webpackRequire: FederationRequire }) {
  const { initOptions, runtime } = webpackRequire.federation;
  if (!initOptions) throw new Error("initOptions is required!");
  return runtime.init(initOptions);
}
