import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { federationRuntimeEsmAlias, federationRuntimeTrimAlias, HOST_BUNDLER_RUNTIME, packageDist, REMOTE_BUNDLER_RUNTIME, TRIMMED_RUNTIME_FILES } from "./federation-runtime-alias";
import { satisfy } from "./federation-runtime-trim/semver";

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
      // "federation as default" is exported as default.
      .map((name) => name.trim().split(" as ").at(-1))
      .sort();

  it.each(TRIMMED_RUNTIME_FILES)("$pkg $file is replaced by a module with the same exports", async ({ pkg, file, replacement }) => {
    const real = join(packageDist(pkg), file);
    expect(federationRuntimeTrimAlias("host")[real]).toMatch(new RegExp(`federation-runtime-trim/${replacement}$`));
    const stand = (await import(/* @vite-ignore */ join(import.meta.dirname, "federation-runtime-trim", replacement))) as Record<string, unknown>;
    // A new runtime version that renames or adds an export fails here, not in a shopper's browser.
    expect(Object.keys(stand).sort()).toEqual(exportsOf(real));
  });

  it("gives a remote's container the bundler runtime the shell published, not a copy of its own", async () => {
    const real = join(packageDist("@module-federation/webpack-bundler-runtime"), "index.js");
    expect(federationRuntimeTrimAlias("remote")[real]).toMatch(new RegExp(`federation-runtime-trim/${REMOTE_BUNDLER_RUNTIME}$`));
    // The shell's stand-in publishes the parts as it loads; a remote's reads them.
    const host = await import(`./federation-runtime-trim/${HOST_BUNDLER_RUNTIME}`);
    const remote = await import(`./federation-runtime-trim/${REMOTE_BUNDLER_RUNTIME}`);
    expect(Object.keys(remote).sort()).toEqual(exportsOf(real));
    expect(remote.attachShareScopeMap).toBe(host.attachShareScopeMap);
    expect(remote.bundlerRuntime.consumes).toBe(host.bundlerRuntime.consumes);
    expect(remote.bundlerRuntime.initContainerEntry).toBeTypeOf("function");
    // Each build keeps its own instance, options and share scope.
    expect(remote.default).not.toBe(host.default);
    expect(remote.bundlerRuntime.S).not.toBe(host.bundlerRuntime.S);
  });
});

describe("the semver stand-in", () => {
  const parts = fc.tuple(fc.nat(3), fc.nat(3), fc.nat(3)).map((version) => version.join("."));
  const comparator = fc
    .tuple(fc.constantFrom("", "=", "^", "~", ">", ">=", "<", "<="), parts)
    .map(([operator, version]) => operator + version)
    // The real parser drops ">=0.0.0" and then finds its range unsatisfiable; the runtime never builds it.
    .filter((written) => written !== ">=0.0.0");
  const range = fc.oneof(
    fc.constantFrom("*", "", "x"),
    fc.array(fc.array(comparator, { minLength: 1, maxLength: 2 }).map((all) => all.join(" ")), { minLength: 1, maxLength: 2 }).map((any) => any.join(" || ")),
  );

  it("answers as the runtime's own satisfy for every range the runtime can meet", async () => {
    const real = (await import(/* @vite-ignore */ join(packageDist("@module-federation/runtime-core"), "utils/semver/index.js"))) as typeof import("./federation-runtime-trim/semver");
    fc.assert(fc.property(parts, range, (version, wanted) => satisfy(version, wanted) === real.satisfy(version, wanted)), { numRuns: 5000 });
  });

  it("refuses a range it cannot read rather than guess", () => {
    expect(() => satisfy("1.2.3", "1.x")).toThrow(/not supported/);
    expect(satisfy("not a version", "^1.0.0")).toBe(false);
  });
});
