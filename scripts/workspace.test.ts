import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "..");
const rootPackage = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { workspaces: string[] };
const remotes = ["mf-search", "mf-vehicle", "mf-forms", "mf-locations", "mf-finance", "mf-dealer"];

type Manifest = { name: string; dependencies?: Record<string, string>; devDependencies?: Record<string, string>; peerDependencies?: Record<string, string> };
const manifests = rootPackage.workspaces.map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(ROOT, dir, "package.json"), "utf8")) as Manifest }));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = join(dir, entry);
    if (entry === "node_modules" || entry === "dist") return [];
    return statSync(full).isDirectory() ? sourceFiles(full) : /\.(ts|tsx)$/.test(entry) ? [full] : [];
  });
}

describe("workspace", () => {
  it.each(["react", "react-dom", "jotai", "zod"])("every workspace pins the same exact %s, and one copy is installed", (name) => {
    const versions = new Set(
      manifests.flatMap(({ manifest }) => [manifest.dependencies?.[name], manifest.devDependencies?.[name], manifest.peerDependencies?.[name]]).filter(Boolean),
    );
    expect([...versions]).toHaveLength(1);
    expect([...versions][0]).toMatch(/^\d+\.\d+\.\d+$/);
    const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")) as { packages: Record<string, { version?: string }> };
    // Lighthouse's browser driver (a benchmark tool, never bundled) brings its own zod.
    const devToolsOnly = /node_modules\/(lighthouse|puppeteer-core|chromium-bidi)\//;
    const installed = Object.entries(lock.packages).filter(
      ([path]) => (path === `node_modules/${name}` || path.endsWith(`/node_modules/${name}`)) && !devToolsOnly.test(path),
    );
    expect(installed.map(([, entry]) => entry.version)).toEqual([...versions]);
  });

  it("no remote imports another remote's source", () => {
    const offenders: string[] = [];
    for (const remote of remotes) {
      for (const file of sourceFiles(join(ROOT, remote, "src"))) {
        for (const [, spec] of readFileSync(file, "utf8").matchAll(/from\s+["']([^"']+)["']/g)) {
          const target = spec?.startsWith(".") ? relative(ROOT, resolve(file, "..", spec)) : (spec ?? "");
          const other = remotes.find((r) => r !== remote && (target.startsWith(`${r}/`) || target.startsWith(`@dealer/${r}`)));
          if (other) offenders.push(`${relative(ROOT, file)} imports ${spec}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  it("no remote's shipped code imports the repo's tooling (scripts/, db/); only its tests and their helpers may use db/test-support", () => {
    const offenders: string[] = [];
    for (const remote of remotes) {
      for (const file of sourceFiles(join(ROOT, remote, "src"))) {
        // Tests, and the helpers beside them that only tests import (test-*.ts).
        const isTest = /\.test\.tsx?$/.test(file) || /\/test-[\w-]+\.ts$/.test(file);
        for (const [, spec] of readFileSync(file, "utf8").matchAll(/from\s+["']([^"']+)["']/g)) {
          if (!spec?.startsWith(".")) continue;
          const target = relative(ROOT, resolve(file, "..", spec));
          const tooling = target.startsWith("scripts/") || target.startsWith("db/");
          if (tooling && !(isTest && (target.startsWith("db/test-support/") || target.startsWith("db/demo/")))) offenders.push(`${relative(ROOT, file)} imports ${spec}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
