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
import { BUNDLER_RUNTIME_GLOBAL, type BundlerRuntimeParts, bundlerFederation } from "./bundler-federation";
import { startContainer } from "./container-start";
import { getSharedFallbackGetter } from "./shared-fallback-getter";

/**
 * Static remotes (`remotes` in a build's federation options) are declared by no build of the platform: the shell
 * registers each remote at run time and loads it with loadRemote, and the remotes are built with disableRemote. The
 * bundler runtime's part for them (with its option merging) is left out of the shell.
 */
function remotes(): never {
  throw new Error("[federation] static remotes are not used on this platform: the shell registers remotes at run time");
}

// startContainer: every build's federation start-up, once for the page (container-start.ts).
const parts: BundlerRuntimeParts = { attachShareScopeMap, consumes, initContainerEntry, initializeSharing, installInitialConsumes, remotes, getSharedFallbackGetter, startContainer };
(globalThis as Record<string, unknown>)[BUNDLER_RUNTIME_GLOBAL] = parts;

const federation = bundlerFederation(parts);

export const { runtime, bundlerRuntime, instance, initOptions, bundlerRuntimeOptions } = federation;
export { attachShareScopeMap };
export default federation;
