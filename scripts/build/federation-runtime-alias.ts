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
