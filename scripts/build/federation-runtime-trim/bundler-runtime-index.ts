/**
 * Stands in for the bundler runtime's index.js in the shell. The real one hands the whole `@module-federation/runtime`
 * namespace to every container as `federation.runtime`, so every remoteEntry.js carried loadRemote, preloadRemote,
 * registerRemotes and a dozen more wrappers that nothing calls through it: the only use is starting the runtime
 * (bundler-init.ts). The shell also publishes the parts for the remotes' containers (bundler-federation.ts).
 */
import { attachShareScopeMap } from "@module-federation/webpack-bundler-runtime/dist/attachShareScopeMap.js";
import { consumes } from "@module-federation/webpack-bundler-runtime/dist/consumes.js";
import { initContainerEntry } from "@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js";
import { initializeSharing } from "@module-federation/webpack-bundler-runtime/dist/initializeSharing.js";
import { installInitialConsumes } from "@module-federation/webpack-bundler-runtime/dist/installInitialConsumes.js";
import { remotes } from "@module-federation/webpack-bundler-runtime/dist/remotes.js";
import { BUNDLER_RUNTIME_GLOBAL, type BundlerRuntimeParts, bundlerFederation } from "./bundler-federation";
import { getSharedFallbackGetter } from "./shared-fallback-getter";

const parts: BundlerRuntimeParts = { attachShareScopeMap, consumes, initContainerEntry, initializeSharing, installInitialConsumes, remotes, getSharedFallbackGetter };
(globalThis as Record<string, unknown>)[BUNDLER_RUNTIME_GLOBAL] = parts;

const federation = bundlerFederation(parts);

export const { runtime, bundlerRuntime, instance, initOptions, bundlerRuntimeOptions } = federation;
export { attachShareScopeMap };
export default federation;
