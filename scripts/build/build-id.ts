import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/** Packages whose exact version changes what a browser bundle contains. */
export const bundleRelevantPackages = [
  "react",
  "react-dom",
  "jotai",
  "zod",
  "@module-federation/enhanced",
  "@module-federation/runtime-core",
  "@rspack/core",
] as const;

const BUILD_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** "latest" is a route alias for the newest build, so it can never be a real id. */
export function assertValidBuildId(id: string): string {
  if (!BUILD_ID_PATTERN.test(id) || id === "latest") {
    throw new Error(`Invalid build id "${id}": use 1-64 of [A-Za-z0-9_-], not "latest"`);
  }
  return id;
}

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    if (entry === "node_modules" || entry === "dist" || entry.startsWith(".")) continue;
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...listFiles(full));
    else out.push(full);
  }
  return out;
}

/** Versions of the bundle-relevant packages as the lockfile resolved them. */
export function lockedVersions(lockfilePath: string): Record<string, string> {
  const lock = JSON.parse(readFileSync(lockfilePath, "utf8")) as {
    packages?: Record<string, { version?: string }>;
  };
  const versions: Record<string, string> = {};
  for (const name of bundleRelevantPackages) {
    versions[name] = lock.packages?.[`node_modules/${name}`]?.version ?? "missing";
  }
  return versions;
}

export type BuildIdInputs = {
  /** Folders whose files feed the bundle (the package's src, shared/src, build scripts). */
  sourceDirs: string[];
  /** Extra single files (the package's rspack config and package.json). */
  files: string[];
  lockfilePath: string;
  rootDir: string;
  /** Anything else that changes the output, e.g. the build mode. */
  variant?: string;
};

/** Deterministic: same sources and locked versions give the same id on every machine. */
export function computeBuildId(inputs: BuildIdInputs): string {
  const hash = createHash("sha256");
  const files = [...inputs.sourceDirs.flatMap(listFiles), ...inputs.files];
  for (const file of files) {
    hash.update(relative(inputs.rootDir, file).split("\\").join("/"));
    hash.update("\0");
    hash.update(readFileSync(file));
    hash.update("\0");
  }
  hash.update(JSON.stringify(lockedVersions(inputs.lockfilePath)));
  hash.update(inputs.variant ?? "");
  return hash.digest("hex").slice(0, 12);
}

/** BUILD_ID from the environment wins (tests pin ids); otherwise the content hash. */
export function resolveBuildId(inputs: BuildIdInputs, env: NodeJS.ProcessEnv = process.env): string {
  const override = env.BUILD_ID?.trim();
  return assertValidBuildId(override ? override : computeBuildId(inputs));
}
