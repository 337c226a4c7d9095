import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

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

/** runtime-core files (inside its dist/) that only manifest remotes and preloadRemote use, and what replaces each. */
export const TRIMMED_RUNTIME_FILES: Record<string, string> = {
  "plugins/snapshot/SnapshotHandler.js": "snapshot-handler.ts",
  "plugins/snapshot/index.js": "snapshot-plugin.ts",
  "plugins/generate-preload-assets.js": "generate-preload-assets.ts",
  "utils/preload.js": "preload.ts",
};

/** Where runtime-core's ESM files are (its ESM entry is dist/index.js). */
export const runtimeCoreDist = (): string => dirname(entries("@module-federation/runtime-core").esm);

/**
 * The shell provides the federation runtime to every remote, and about a tenth of it (gzip) serves manifest
 * remotes, snapshots and preloadRemote, none of which the platform uses: these aliases leave those files out
 * (ADR 0028). The replacements keep each file's exports; a test checks they still match.
 */
export function federationRuntimeTrimAlias(): Record<string, string> {
  const dist = runtimeCoreDist();
  return Object.fromEntries(
    Object.entries(TRIMMED_RUNTIME_FILES).map(([file, replacement]) => [join(dist, file), join(import.meta.dirname, "federation-runtime-trim", replacement)]),
  );
}
