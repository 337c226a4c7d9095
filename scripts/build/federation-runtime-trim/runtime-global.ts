/**
 * Stands in for runtime-core's global.js: the page-wide `__FEDERATION__` tables every runtime instance shares, set up
 * the same way. Without manifest remotes there are no snapshots and without preloadRemote no preloaded assets, so
 * those helpers keep their names and do the least (issue 35, ADR 0081).
 */
type Plugin = { name: string };
type Federation = {
  __GLOBAL_PLUGIN__: Plugin[];
  __INSTANCES__: unknown[];
  moduleInfo: Record<string, unknown>;
  __SHARE__: Record<string, unknown>;
  __MANIFEST_LOADING__: Record<string, unknown>;
  __PRELOADED_MAP__: Map<string, boolean>;
  __PRELOADED_ASSETS__: Set<string>;
  __DEBUG_CONSTRUCTOR__?: unknown;
};
type PageGlobal = Record<string, unknown> & { __FEDERATION__: Federation; __GLOBAL_LOADING_REMOTE_ENTRY__: Record<string, unknown> };

export const CurrentGlobal = globalThis as unknown as PageGlobal;
export const nativeGlobal = CurrentGlobal;
export const Global = CurrentGlobal;

const own = (key: string) => Object.hasOwn(CurrentGlobal, key);
const define = (key: string, value: unknown) => Object.defineProperty(CurrentGlobal, key, { value, configurable: false, writable: true });

if (!own("__GLOBAL_LOADING_REMOTE_ENTRY__")) define("__GLOBAL_LOADING_REMOTE_ENTRY__", {});
export const globalLoading = CurrentGlobal.__GLOBAL_LOADING_REMOTE_ENTRY__;
if (own("__VMOK__") && !own("__FEDERATION__")) define("__FEDERATION__", CurrentGlobal.__VMOK__);
if (!own("__FEDERATION__")) {
  define("__FEDERATION__", {});
  define("__VMOK__", CurrentGlobal.__FEDERATION__);
}
{
  const federation = CurrentGlobal.__FEDERATION__;
  federation.__GLOBAL_PLUGIN__ ??= [];
  federation.__INSTANCES__ ??= [];
  federation.moduleInfo ??= {};
  federation.__SHARE__ ??= {};
  federation.__MANIFEST_LOADING__ ??= {};
  federation.__PRELOADED_MAP__ ??= new Map();
  federation.__PRELOADED_ASSETS__ ??= new Set();
}
const federation = () => CurrentGlobal.__FEDERATION__;

export function resetFederationGlobalInfo(): void {
  Object.assign(federation(), { __GLOBAL_PLUGIN__: [], __INSTANCES__: [], moduleInfo: {}, __SHARE__: {}, __MANIFEST_LOADING__: {} });
  federation().__PRELOADED_ASSETS__.clear();
  for (const key of Object.keys(globalLoading)) delete globalLoading[key];
}

export const setGlobalFederationInstance = (instance: unknown): void => void federation().__INSTANCES__.push(instance);
export const getGlobalFederationConstructor = (): unknown => federation().__DEBUG_CONSTRUCTOR__;
/** The runtime keeps its constructor on the page only in its debug mode, which a shopper's page never turns on. */
export const setGlobalFederationConstructor = (): void => {};

export function getInfoWithoutType<T>(target: Record<string, T>, key: string): { value: T | undefined; key: string } {
  if (target[key]) return { value: target[key], key };
  for (const targetKey of Object.keys(target)) {
    const typed = `${targetKey.split(":")[0]}:${key}`;
    if (target[typed]) return { value: target[typed], key: typed };
  }
  return { value: undefined, key };
}

export const getGlobalSnapshot = () => federation().moduleInfo;
export const getTargetSnapshotInfoByModuleInfo = (): undefined => undefined;
export const getGlobalSnapshotInfoByModuleInfo = (): undefined => undefined;
export const setGlobalSnapshotInfoByModuleInfo = () => federation().moduleInfo;
export function addGlobalSnapshot(moduleInfos: Record<string, unknown>): () => void {
  Object.assign(federation().moduleInfo, moduleInfos);
  return () => {
    for (const key of Object.keys(moduleInfos)) delete federation().moduleInfo[key];
  };
}

export const getRemoteEntryExports = (name: string, globalName?: string) => {
  const remoteEntryKey = globalName || `__FEDERATION_${name}:custom__`;
  return { remoteEntryKey, entryExports: CurrentGlobal[remoteEntryKey] };
};

export function registerGlobalPlugins(plugins: Plugin[]): void {
  const registered = federation().__GLOBAL_PLUGIN__;
  for (const plugin of plugins) {
    if (registered.some((one) => one.name === plugin.name)) console.warn(`[federation] the plugin ${plugin.name} has been registered`);
    else registered.push(plugin);
  }
}
export const getGlobalHostPlugins = () => federation().__GLOBAL_PLUGIN__;
export const getPreloaded = (id: string) => federation().__PRELOADED_MAP__.get(id);
export const setPreloaded = (id: string) => federation().__PRELOADED_MAP__.set(id, true);
export const getPreloadedAsset = (url: string) => federation().__PRELOADED_ASSETS__.has(url);
export const setPreloadedAsset = (url: string) => void federation().__PRELOADED_ASSETS__.add(url);
