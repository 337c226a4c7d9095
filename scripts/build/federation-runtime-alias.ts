import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { BUNDLER_RUNTIME_GLOBAL } from "./federation-runtime-trim/bundler-federation";

const require = createRequire(import.meta.url);

/** The federation runtime packages a browser bundle can contain. */
const runtimePackages = [
  "@module-federation/webpack-bundler-runtime",
  "@module-federation/runtime",
  "@module-federation/runtime-core",
  "@module-federation/inject-external-runtime-core-plugin",
  "@module-federation/sdk",
  "@module-federation/error-codes",
] as const;

type PackageJson = { name: string; exports: { ".": { import: { default: string } } } };

/** The package's CommonJS entry (what require.resolve finds) and its ESM entry. */
function entries(packageName: string): { cjs: string; esm: string } {
  const cjs = require.resolve(packageName);
  // package.json is not an exported subpath: walk up from the entry to the package's folder.
  for (let dir = dirname(cjs); dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, "package.json");
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, "utf8")) as PackageJson;
    if (pkg.name === packageName) return { cjs, esm: join(dir, pkg.exports["."].import.default) };
  }
  throw new Error(`${packageName}: no package.json above ${cjs}`);
}

/**
 * rspack's ModuleFederationPlugin imports the federation runtime by the CommonJS paths that
 * require.resolve gives, and CommonJS cannot be tree-shaken: every remoteEntry.js carried all
 * of the runtime (the sdk's Node helpers too). These aliases point the bundler at the ESM builds
 * of the same versions. The bare "@module-federation/runtime" key replaces the plugin's own alias.
 */
export function federationRuntimeEsmAlias(): Record<string, string> {
  const alias: Record<string, string> = {};
  for (const packageName of runtimePackages) {
    const { cjs, esm } = entries(packageName);
    alias[cjs] = esm;
    alias[`${packageName}$`] = esm;
  }
  alias["@module-federation/runtime"] = alias["@module-federation/runtime$"] as string;
  return alias;
}

/** The shell hosts the remotes; a remote's container takes the bundler runtime's parts from it (ADR 0052). */
export type FederationRole = "host" | "remote";
export const HOST_BUNDLER_RUNTIME = "bundler-runtime-index.ts";
export const REMOTE_BUNDLER_RUNTIME = "bundler-runtime-from-host.ts";

/**
 * Federation runtime files the platform never needs, or needs only a part of (each path inside its package's dist/),
 * and what replaces each: runtime-core's manifest, snapshot and preloadRemote parts, the error codes' one-line
 * descriptions, the semver range parser, the bundler runtime's shared tree-shaking parts and its copy of the
 * runtime's API (ADR 0028, 0052), and runtime-core's instance, remote, module, entry-loading, shared and global parts
 * and the sdk's script loader, each cut to the one way the platform uses federation (ADR 0081).
 */
export const TRIMMED_RUNTIME_FILES: { pkg: (typeof runtimePackages)[number]; file: string; replacement: string }[] = [
  { pkg: "@module-federation/runtime-core", file: "plugins/snapshot/SnapshotHandler.js", replacement: "snapshot-handler.ts" },
  { pkg: "@module-federation/runtime-core", file: "plugins/snapshot/index.js", replacement: "snapshot-plugin.ts" },
  { pkg: "@module-federation/runtime-core", file: "plugins/generate-preload-assets.js", replacement: "generate-preload-assets.ts" },
  { pkg: "@module-federation/runtime-core", file: "utils/preload.js", replacement: "preload.ts" },
  { pkg: "@module-federation/runtime-core", file: "utils/semver/index.js", replacement: "semver.ts" },
  { pkg: "@module-federation/runtime-core", file: "remote/index.js", replacement: "remote-handler.ts" },
  { pkg: "@module-federation/runtime-core", file: "module/index.js", replacement: "remote-module.ts" },
  { pkg: "@module-federation/runtime-core", file: "utils/load.js", replacement: "remote-entry-load.ts" },
  { pkg: "@module-federation/runtime-core", file: "shared/index.js", replacement: "shared-handler.ts" },
  { pkg: "@module-federation/runtime-core", file: "utils/share.js", replacement: "share-scope.ts" },
  { pkg: "@module-federation/runtime-core", file: "global.js", replacement: "runtime-global.ts" },
  { pkg: "@module-federation/runtime-core", file: "core.js", replacement: "federation-core.ts" },
  { pkg: "@module-federation/error-codes", file: "desc.mjs", replacement: "error-descriptions.ts" },
  { pkg: "@module-federation/sdk", file: "logger.js", replacement: "sdk-logger.ts" },
  { pkg: "@module-federation/sdk", file: "dom.js", replacement: "sdk-dom.ts" },
  { pkg: "@module-federation/webpack-bundler-runtime", file: "index.js", replacement: HOST_BUNDLER_RUNTIME },
  { pkg: "@module-federation/webpack-bundler-runtime", file: "init.js", replacement: "bundler-init.ts" },
  { pkg: "@module-federation/webpack-bundler-runtime", file: "getSharedFallbackGetter.js", replacement: "shared-fallback-getter.ts" },
];

/** A runtime package's ESM folder (where its ESM entry is). */
export const packageDist = (pkg: (typeof runtimePackages)[number]): string => dirname(entries(pkg).esm);

/**
 * The shell provides the federation runtime to every remote, and a part of it serves manifest remotes, snapshots and
 * preloadRemote, none of which the platform uses; every remoteEntry.js carries the error descriptions too. These
 * aliases leave them out (ADR 0028). The replacements keep each file's exports; a test checks they still match.
 */
export function federationRuntimeTrimAlias(role: FederationRole): Record<string, string> {
  return Object.fromEntries(
    TRIMMED_RUNTIME_FILES.map(({ pkg, file, replacement }) => [
      join(packageDist(pkg), file),
      join(import.meta.dirname, "federation-runtime-trim", role === "remote" && replacement === HOST_BUNDLER_RUNTIME ? REMOTE_BUNDLER_RUNTIME : replacement),
    ]),
  );
}

/**
 * The rule that swaps the federation plugin's inlined start-up in every build for a call of the shell's published
 * copy (container-start.ts, ADR 0091). The plugin names that module with the match resource below.
 */
export function federationStartRule() {
  return {
    test: /@module-federation[\\/]runtime[\\/]rspack\.js$/,
    loader: join(import.meta.dirname, "federation-runtime-trim", "container-start-loader.cjs"),
    options: { runtimeGlobal: BUNDLER_RUNTIME_GLOBAL },
  };
}
