/**
 * The bundler runtime's `federation` object (what its index.js exports), built from its parts. The parts are stateless
 * (each call is handed the build's own webpackRequire), so the shell bundles them once and publishes them for every
 * remote's container (bundler-runtime-from-host.ts); the object itself, with its instance and options, is per build.
 */
import { init as initRuntime } from "@module-federation/runtime";
import { init } from "./bundler-init";
import type { startContainer } from "./container-start";

type Part = (...args: never[]) => unknown;
export type BundlerRuntimeParts = Record<
  "attachShareScopeMap" | "consumes" | "initContainerEntry" | "initializeSharing" | "installInitialConsumes" | "remotes" | "getSharedFallbackGetter",
  Part
> & { startContainer: typeof startContainer };

/** Where the shell puts the parts for the remotes' containers (as the runtime core sits on _FEDERATION_RUNTIME_CORE). */
export const BUNDLER_RUNTIME_GLOBAL = "__dealerFederationBundlerRuntime";

// Set by the federation plugin at build time (a remote built with disableRemote has no remotes part).
declare const FEDERATION_OPTIMIZE_NO_REMOTE: boolean | undefined;
declare const FEDERATION_OPTIMIZE_NO_SHARED: boolean | undefined;
declare const FEDERATION_HAS_EXPOSES: boolean | undefined;

const useRemote = typeof FEDERATION_OPTIMIZE_NO_REMOTE === "boolean" ? !FEDERATION_OPTIMIZE_NO_REMOTE : true;
const useShared = typeof FEDERATION_OPTIMIZE_NO_SHARED === "boolean" ? !FEDERATION_OPTIMIZE_NO_SHARED : true;
const hasExposes = typeof FEDERATION_HAS_EXPOSES === "boolean" ? FEDERATION_HAS_EXPOSES : true;

export function bundlerFederation(parts: BundlerRuntimeParts) {
  const bundlerRuntime = {
    remotes: useRemote ? parts.remotes : undefined,
    consumes: useShared ? parts.consumes : undefined,
    I: useShared ? parts.initializeSharing : undefined,
    S: {},
    installInitialConsumes: useShared ? parts.installInitialConsumes : undefined,
    initContainerEntry: hasExposes ? parts.initContainerEntry : undefined,
    init,
    getSharedFallbackGetter: useShared ? parts.getSharedFallbackGetter : undefined,
  };
  return {
    runtime: { init: initRuntime },
    instance: undefined,
    initOptions: undefined,
    bundlerRuntime,
    attachShareScopeMap: parts.attachShareScopeMap,
    bundlerRuntimeOptions: {},
  };
}
