/**
 * Stands in for the bundler runtime's index.js. The real one hands the whole `@module-federation/runtime` namespace to
 * every container as `federation.runtime`, so every remoteEntry.js carried loadRemote, preloadRemote, registerRemotes
 * and a dozen more wrappers that nothing calls through it: the only use is starting the runtime (bundler-init.ts).
 * Everything else is the package's own code.
 */
import { init as initRuntime } from "@module-federation/runtime";
import { attachShareScopeMap } from "@module-federation/webpack-bundler-runtime/dist/attachShareScopeMap.js";
import { consumes } from "@module-federation/webpack-bundler-runtime/dist/consumes.js";
import { initContainerEntry } from "@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js";
import { initializeSharing } from "@module-federation/webpack-bundler-runtime/dist/initializeSharing.js";
import { installInitialConsumes } from "@module-federation/webpack-bundler-runtime/dist/installInitialConsumes.js";
import { remotes } from "@module-federation/webpack-bundler-runtime/dist/remotes.js";
import { init } from "./bundler-init";
import { getSharedFallbackGetter } from "./shared-fallback-getter";

// Set by the federation plugin at build time (a remote built with disableRemote has no remotes part).
declare const FEDERATION_OPTIMIZE_NO_REMOTE: boolean | undefined;
declare const FEDERATION_OPTIMIZE_NO_SHARED: boolean | undefined;
declare const FEDERATION_HAS_EXPOSES: boolean | undefined;

const useRemote = typeof FEDERATION_OPTIMIZE_NO_REMOTE === "boolean" ? !FEDERATION_OPTIMIZE_NO_REMOTE : true;
const useShared = typeof FEDERATION_OPTIMIZE_NO_SHARED === "boolean" ? !FEDERATION_OPTIMIZE_NO_SHARED : true;

export const runtime = { init: initRuntime };

export const bundlerRuntime = {
  remotes: useRemote ? remotes : undefined,
  consumes: useShared ? consumes : undefined,
  I: useShared ? initializeSharing : undefined,
  S: {},
  installInitialConsumes: useShared ? installInitialConsumes : undefined,
  initContainerEntry: (typeof FEDERATION_HAS_EXPOSES === "boolean" ? FEDERATION_HAS_EXPOSES : true) ? initContainerEntry : undefined,
  init,
  getSharedFallbackGetter: useShared ? getSharedFallbackGetter : undefined,
};

const federation = { runtime, instance: undefined, initOptions: undefined, bundlerRuntime, attachShareScopeMap, bundlerRuntimeOptions: {} };

export const { instance, initOptions, bundlerRuntimeOptions } = federation;
export { attachShareScopeMap };
export default federation;
