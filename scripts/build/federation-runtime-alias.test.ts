import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
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

describe("the federation start-up published by the shell (ADR 0091)", () => {
  const rspackDefault = () => {
    const source = readFileSync(join(dirname(createRequire(import.meta.url).resolve("@rspack/core")), "moduleFederationDefaultRuntime.js"), "utf8");
    // What rspack inlines: the function's body, its runtime require named as the build's.
    return source.slice(source.indexOf("{") + 1, source.lastIndexOf("}")).replace("__module_federation_runtime_require__", "__webpack_require__");
  };
  const declarations = (name: string) =>
    `const __module_federation_runtime_plugins__ = [];const __module_federation_remote_infos__ = {};const __module_federation_container_name__ = ${JSON.stringify(name)};const __module_federation_share_strategy__ = "loaded-first";const __module_federation_share_fallbacks__ = undefined;const __module_federation_library_type__ = "var";`;

  /** A build's runtime require as rspack emits it for a remote (one exposed module, two shared ones), with every bundler runtime call recorded. */
  function build() {
    const calls: [string, Record<string, unknown>][] = [];
    const part = (name: string) => (args: Record<string, unknown>) => void calls.push([name, args]);
    const fallback = () => Promise.resolve();
    const require = Object.assign(() => undefined, {
      federation: {} as Record<string, unknown>,
      f: { consumes: () => undefined, j: () => undefined },
      S: {},
      I: () => undefined,
      initContainer: () => undefined,
      getContainer: () => undefined,
      initializeSharingData: {
        scopeToSharingDataMapping: { default: [{ name: "react", version: "19.3.1", factory: fallback, eager: 0, treeShakingMode: null, singleton: 1, requiredVersion: "19.3.1", strictVersion: 1 }] },
      },
      consumesLoadingData: {
        chunkMapping: { 139: ["6446"] },
        moduleIdToConsumeDataMapping: { 6446: { shareScope: "default", shareKey: "react", import: "react", requiredVersion: "19.3.1", strictVersion: true, singleton: true, eager: false, fallback, treeShakingMode: null } },
        initialConsumes: [],
      },
      initializeExposesData: { moduleMap: { "./Thing": () => Promise.resolve("thing") }, shareScope: "default" },
    });
    const runtime = {
      bundlerRuntime: { S: {}, consumes: part("consumes"), I: part("I"), initContainerEntry: part("initContainerEntry"), installInitialConsumes: part("installInitialConsumes"), init: (args: Record<string, unknown>) => {
          part("init")(args);
          return "instance";
        },
      },
      attachShareScopeMap: () => void calls.push(["attachShareScopeMap", {}]),
    };
    return { require, runtime, calls };
  }
  /** Everything the start-up set, with functions named by what they call. */
  async function exercise({ require, calls }: ReturnType<typeof build>) {
    const f = require.f as unknown as { consumes: (chunk: string, promises: unknown[]) => void };
    f.consumes("139", []);
    (require.I as unknown as (scope: string) => void)("default");
    (require.initContainer as unknown as (scope: object) => void)({});
    const exposed = await (require.getContainer as unknown as (module: string) => Promise<unknown>)("./Thing");
    const missing = await (require.getContainer as unknown as (module: string) => Promise<unknown>)("./Nothing").catch((error: Error) => error.message);
    const { federation } = require as unknown as { federation: Record<string, unknown> };
    return {
      calls: calls.map(([name, args]) => [name, Object.keys(args).sort(), args.shareScopeKey ?? args.chunkId ?? null]),
      exposed,
      missing,
      instance: federation.instance,
      libraryType: federation.libraryType,
      initOptions: JSON.parse(JSON.stringify(federation.initOptions)),
      handlers: JSON.parse(JSON.stringify(federation.consumesLoadingModuleToHandlerMapping)),
    };
  }

  it("starts a build exactly as rspack's own start-up does", async () => {
    const original = build();
    new Function("__webpack_require__", "__module_federation_bundler_runtime__", declarations("mf_thing") + rspackDefault())(original.require, original.runtime);
    const loader = createRequire(import.meta.url)("./federation-runtime-trim/container-start-loader.cjs") as (this: { getOptions: () => object }, source: string) => string;
    const rewritten = loader.call({ getOptions: () => ({ runtimeGlobal: "__startContainerTest" }) }, declarations("mf_thing") + rspackDefault());
    expect(rewritten).not.toContain("consumesLoadingModuleToHandlerMapping");
    const replaced = build();
    const { startContainer } = await import("./federation-runtime-trim/container-start");
    new Function("__webpack_require__", "__module_federation_bundler_runtime__", "globalThis", rewritten)(replaced.require, replaced.runtime, { __startContainerTest: { startContainer } });
    const expected = await exercise(original);
    expect(expected.exposed).toBe("thing");
    expect(await exercise(replaced)).toEqual(expected);
  });

  it("refuses static remotes rather than start a build half-way", async () => {
    const { startContainer } = await import("./federation-runtime-trim/container-start");
    const { require, runtime } = build();
    const options = { name: "mf_thing", shareStrategy: "loaded-first", libraryType: "var", plugins: [], remoteInfos: { other: [{}] }, shareFallbacks: undefined };
    expect(() => startContainer(require as never, runtime, options)).toThrow(/static remotes are not used/);
  });
});
