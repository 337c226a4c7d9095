import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { federationRuntimeEsmAlias, federationRuntimeTrimAlias, packageDist, TRIMMED_RUNTIME_FILES } from "./federation-runtime-alias";

describe("federationRuntimeEsmAlias", () => {
  it("points each federation runtime package's CommonJS entry at its ESM build", () => {
    const alias = federationRuntimeEsmAlias();
    const cjsEntries = Object.keys(alias).filter((key) => key.endsWith(".cjs"));
    expect(cjsEntries).toHaveLength(6);
    for (const cjs of cjsEntries) {
      expect(alias[cjs]).toMatch(/\/dist\/index\.m?js$/);
      expect(existsSync(alias[cjs] as string)).toBe(true);
    }
    expect(alias["@module-federation/runtime"]).toBe(alias["@module-federation/runtime$"]);
  });
});

describe("federationRuntimeTrimAlias", () => {
  const exportsOf = (file: string) =>
    (/^export \{ ([^}]+) \};$/m.exec(readFileSync(file, "utf8"))?.[1] ?? "")
      .split(",")
      .map((name) => name.trim())
      .sort();

  it.each(TRIMMED_RUNTIME_FILES)("$pkg $file is replaced by a module with the same exports", async ({ pkg, file, replacement }) => {
    const real = join(packageDist(pkg), file);
    expect(federationRuntimeTrimAlias()[real]).toMatch(new RegExp(`federation-runtime-trim/${replacement}$`));
    const stand = (await import(/* @vite-ignore */ join(import.meta.dirname, "federation-runtime-trim", replacement))) as Record<string, unknown>;
    // A new runtime version that renames or adds an export fails here, not in a shopper's browser.
    expect(Object.keys(stand).sort()).toEqual(exportsOf(real));
  });
});
