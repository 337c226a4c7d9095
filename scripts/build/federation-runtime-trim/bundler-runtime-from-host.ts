/**
 * Stands in for the bundler runtime's index.js in a remote: the parts come from the shell, which loads every
 * remoteEntry.js after it has started (bundler-federation.ts), so each remote's container no longer carries its own
 * copy (about 2 KB gzip a remote a page, ADR 0052).
 */
import { BUNDLER_RUNTIME_GLOBAL, type BundlerRuntimeParts, bundlerFederation } from "./bundler-federation";

const parts = (globalThis as Record<string, unknown>)[BUNDLER_RUNTIME_GLOBAL] as BundlerRuntimeParts | undefined;
if (!parts) throw new Error("[federation] a remote's container starts only inside the shell, which provides the bundler runtime");

const federation = bundlerFederation(parts);

export const { runtime, bundlerRuntime, instance, initOptions, bundlerRuntimeOptions } = federation;
export const { attachShareScopeMap } = parts;
export default federation;
