import { readFileSync } from "node:fs";
import { join } from "node:path";

type SharedSingleton = {
  singleton: true;
  strictVersion: true;
  requiredVersion: string;
  version: string;
  packageName: string;
};

/**
 * One copy per page: react, react-dom, jotai and the atoms module (jotai keys atoms by object
 * identity, so a second copy of the atoms module silently splits state). The "pkg/" keys share
 * deep imports too (react/jsx-runtime, react-dom/client, jotai/react).
 */
const singletonRequests: Record<string, string> = {
  react: "react",
  "react/": "react",
  "react-dom": "react-dom",
  "react-dom/": "react-dom",
  jotai: "jotai",
  "jotai/": "jotai",
  "@dealer/shared/atoms": "@dealer/shared",
};

/** Exact versions come from the package's own package.json (they are pinned there). */
export function sharedSingletons(packageDir: string): Record<string, SharedSingleton> {
  const pkg = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as {
    name: string;
    dependencies?: Record<string, string>;
  };
  const shared: Record<string, SharedSingleton> = {};
  for (const [request, packageName] of Object.entries(singletonRequests)) {
    const version = pkg.dependencies?.[packageName];
    if (!version || !/^\d+\.\d+\.\d+$/.test(version)) {
      throw new Error(`${pkg.name}: dependency ${packageName} must be pinned to an exact version`);
    }
    shared[request] = { singleton: true, strictVersion: true, requiredVersion: version, version, packageName };
  }
  return shared;
}
