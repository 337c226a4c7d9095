/**
 * Stands in for the start-up rspack's federation plugin writes into every build (its moduleFederationDefaultRuntime.js,
 * inlined by container-start-loader.cjs): it wires a build's bundler runtime (`__webpack_require__.federation`) to its
 * share data and exposes. rspack inlines that code in every remoteEntry.js, about 1.4 KB gzip a remote a page; the
 * shell now publishes it once with the other bundler runtime parts (ADR 0091) and each build calls it with its own
 * options. It does what the original does for the one way the platform uses federation: a `var` container with
 * loaded-first singletons, no static remotes (the shell registers remotes at run time) and no shared tree shaking;
 * a build that asks for either fails at start-up instead of half-working.
 */
type Factory = () => unknown;
type ConsumeData = {
  shareScope: string;
  shareKey: string;
  requiredVersion: string | false;
  strictVersion: boolean;
  singleton: boolean;
  eager: boolean;
  fallback: Factory;
};
type SharingData = { name: string; version: string; factory: Factory; eager?: unknown; singleton?: unknown; requiredVersion?: unknown; strictVersion?: unknown };
type BundlerRuntime = Record<string, ((args: Record<string, unknown>) => unknown) | undefined> & { S?: object };
type Federation = {
  bundlerRuntime: BundlerRuntime;
  attachShareScopeMap?: (require: ContainerRequire) => void;
  initOptions?: { name?: string; shareStrategy?: string; shared?: Record<string, object[]>; remotes?: unknown[]; plugins?: unknown[] };
  libraryType?: string;
  consumesLoadingModuleToHandlerMapping?: Record<string, object>;
  instance?: unknown;
  [key: string]: unknown;
};
export type ContainerRequire = ((id: string) => unknown) & {
  federation?: Federation;
  f: Record<string, unknown>;
  S?: unknown;
  I?: unknown;
  R?: unknown;
  initContainer?: unknown;
  getContainer?: unknown;
  remotesLoadingData?: { chunkMapping?: Record<string, unknown> };
  initializeSharingData?: { scopeToSharingDataMapping: Record<string, (SharingData | string)[]> };
  consumesLoadingData?: { chunkMapping?: Record<string, string[]>; moduleIdToConsumeDataMapping?: Record<string, ConsumeData>; initialConsumes?: string[] };
  initializeExposesData?: { moduleMap: Record<string, () => Promise<unknown>>; shareScope: string };
};
export type ContainerOptions = {
  name: string;
  shareStrategy: string;
  libraryType: string;
  plugins: unknown[];
  remoteInfos: Record<string, unknown>;
  shareFallbacks: unknown;
};

/** The original's `override`: a runtime function is replaced only where the build has one. */
function override(target: Record<string, unknown>, key: string, value: unknown) {
  if (target[key]) target[key] = value;
}

export function startContainer(require: ContainerRequire, federationObject: object, options: ContainerOptions): void {
  const federation = require.federation;
  if (!(require.initializeSharingData || require.initializeExposesData) || !federation) return;
  if (Object.keys(options.remoteInfos).length || Object.keys(require.remotesLoadingData?.chunkMapping ?? {}).length) {
    throw new Error(`[federation] static remotes are not used on this platform (${options.name}): the shell registers remotes at run time`);
  }
  if (options.shareFallbacks) throw new Error(`[federation] shared tree shaking is not used on this platform (${options.name})`);
  Object.assign(federation, federationObject);
  federation.libraryType ??= options.libraryType;
  const consumeData = require.consumesLoadingData?.moduleIdToConsumeDataMapping ?? {};
  const handlers = (federation.consumesLoadingModuleToHandlerMapping ??= Object.fromEntries(
    Object.entries(consumeData).map(([id, data]) => [
      id,
      {
        getter: data.fallback,
        shareInfo: {
          shareConfig: { fixedDependencies: false, requiredVersion: data.requiredVersion, strictVersion: data.strictVersion, singleton: data.singleton, eager: data.eager },
          scope: [data.shareScope],
        },
        shareKey: data.shareKey,
      },
    ]),
  ));
  const initOptions = (federation.initOptions ??= {});
  initOptions.name ??= options.name;
  initOptions.shareStrategy ??= options.shareStrategy;
  initOptions.shared ??= sharedOptions(require.initializeSharingData?.scopeToSharingDataMapping ?? {});
  initOptions.remotes ??= [];
  (initOptions.plugins ??= []).push(...options.plugins);
  const runtime = federation.bundlerRuntime;
  const call = (part: string, args: Record<string, unknown>) => (runtime[part] as (args: Record<string, unknown>) => unknown)({ ...args, webpackRequire: require });
  const installedModules = {};
  const initPromises = {};
  const initTokens = {};
  const target = require as unknown as Record<string, unknown>;
  override(target, "S", runtime.S);
  federation.attachShareScopeMap?.(require);
  const chunkMapping = require.consumesLoadingData?.chunkMapping ?? {};
  override(require.f, "consumes", (chunkId: string, promises: unknown[]) =>
    call("consumes", { chunkId, promises, chunkMapping, moduleToHandlerMapping: handlers, installedModules }),
  );
  override(target, "I", (shareScopeName: string, initScope: unknown) => call("I", { shareScopeName, initScope, initPromises, initTokens }));
  override(target, "initContainer", (shareScope: unknown, initScope: unknown, remoteEntryInitOptions: unknown) =>
    call("initContainerEntry", { shareScope, initScope, remoteEntryInitOptions, shareScopeKey: require.initializeExposesData?.shareScope }),
  );
  override(target, "getContainer", (module: string, getScope: unknown) => {
    const moduleMap = require.initializeExposesData?.moduleMap ?? {};
    require.R = getScope;
    const found = Object.hasOwn(moduleMap, module)
      ? (moduleMap[module] as () => Promise<unknown>)()
      : Promise.resolve().then(() => {
          throw new Error(`Module "${module}" does not exist in container.`);
        });
    require.R = undefined;
    return found;
  });
  federation.instance = call("init", {});
  const initialConsumes = require.consumesLoadingData?.initialConsumes;
  if (initialConsumes) call("installInitialConsumes", { installedModules, initialConsumes, moduleToHandlerMapping: handlers });
}

/** The build's shared modules as the runtime's `shared` option: each under its name, one entry per scope. */
function sharedOptions(mapping: Record<string, (SharingData | string)[]>): Record<string, object[]> {
  const shared: Record<string, object[]> = {};
  for (const [scope, stages] of Object.entries(mapping)) {
    for (const stage of stages) {
      if (typeof stage !== "object" || stage === null) continue;
      const { name, version, factory, eager, singleton, requiredVersion, strictVersion } = stage;
      const shareConfig = Object.fromEntries(Object.entries({ singleton, requiredVersion, eager, strictVersion }).filter(([, value]) => value !== undefined));
      (shared[name] ??= []).push({ version, scope: [scope], shareConfig, get: factory });
    }
  }
  return shared;
}
