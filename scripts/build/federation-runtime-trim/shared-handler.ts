/**
 * Stands in for runtime-core's shared/index.js: registers a build's shared modules in its share scope and hands each
 * consumer the registered copy (share-scope.ts chooses it), loading it once. The same steps as the runtime's for the
 * platform (loaded-first, exact-version singletons); left out are the handler's plugin hooks (no plugin of the platform
 * taps them), shared tree shaking, and version-first's starting of every remote to collect its versions (issue 35,
 * ADR 0081).
 */
import {
  addUseIn,
  formatShareConfigs,
  getGlobalShareScope,
  getRegisteredShare,
  getTargetSharedOptions,
  type Shared,
  type ShareInfos,
  type ShareScopeMap,
} from "./share-scope";

type Host = { name: string; options: { id?: string; name: string; shared: ShareInfos; shareStrategy?: string } };
type SetShared = { pkgName: string; shared: Shared; from: string; lib?: unknown; loading?: Promise<unknown>; loaded?: boolean; get?: () => unknown };

const missing = (host: Host, pkgName: string) => new Error(`[federation] ${host.options.name} has no shared "${pkgName}" it can load synchronously`);

export class SharedHandler {
  hooks = { lifecycle: {}, applyPlugin() {}, removePlugin() {} };
  shareScopeMap: ShareScopeMap = {};
  initTokens: Record<string, { from: string }> = {};

  constructor(public host: Host) {
    const scopes = getGlobalShareScope() as unknown as Record<string, ShareScopeMap>;
    const id = host.options.id || host.options.name;
    if (id && !scopes[id]) scopes[id] = this.shareScopeMap;
  }

  registerShared(globalOptions: { shared?: ShareInfos }, userOptions: { name: string; shared?: ShareInfos }) {
    const infos = formatShareConfigs(globalOptions, userOptions);
    for (const [pkgName, shareds] of Object.entries(infos.newShareInfos)) {
      for (const shared of shareds) {
        for (const sc of shared.scope) {
          if (!this.shareScopeMap[sc]?.[pkgName]) {
            this.setShared({ pkgName, lib: shared.lib, get: shared.get, loaded: shared.loaded || Boolean(shared.lib), shared, from: userOptions.name });
          }
        }
      }
    }
    return infos;
  }

  async loadShare(pkgName: string, extraOptions?: Parameters<typeof getTargetSharedOptions>[0]["extraOptions"]): Promise<unknown> {
    const { host } = this;
    const shareInfo = getTargetSharedOptions({ pkgName, extraOptions, shareInfos: host.options.shared });
    if (shareInfo?.scope) await Promise.all(shareInfo.scope.map((sc) => Promise.all(this.initializeSharing(sc, { strategy: shareInfo.strategy }))));
    if (!shareInfo) throw new Error(`[federation] shared "${pkgName}" is not declared by ${host.options.name}`);
    const registered = getRegisteredShare(this.shareScopeMap, pkgName, shareInfo)?.shared;
    // A build's own consume (customShareInfo) with nothing registered falls back to its bundled copy.
    if (!registered && extraOptions?.customShareInfo) return false;
    const target = registered ?? shareInfo;
    if (registered?.lib) {
      addUseIn(registered, host.options.name);
      return registered.lib;
    }
    if (registered?.loading && !registered.loaded) {
      const lib = await registered.loading;
      registered.loaded = true;
      registered.lib ??= lib;
      addUseIn(registered, host.options.name);
      return lib;
    }
    const loading = (async () => {
      const lib = await target.get();
      target.lib = lib;
      target.loaded = true;
      addUseIn(target, host.options.name);
      if (!registered) {
        // The consumer's own copy: the scope's entry for it (set below) takes the loaded module too.
        const entry = getRegisteredShare(this.shareScopeMap, pkgName, shareInfo)?.shared;
        if (entry) Object.assign(entry, { lib, loaded: true, from: shareInfo.from });
      }
      return lib;
    })();
    this.setShared({ pkgName, loaded: false, shared: target, from: host.options.name, lib: null, loading });
    return loading;
  }

  /** Puts this build's shared modules in the scope, once per scope (loaded-first: a copy already there is kept). */
  initializeSharing(shareScopeName = "default", extraOptions?: { from?: string; strategy?: string; initScope?: object[] }): Promise<unknown>[] {
    const { host } = this;
    if (extraOptions?.from !== "build") {
      const initScope = extraOptions?.initScope ?? [];
      this.initTokens[shareScopeName] ??= { from: host.name };
      const token = this.initTokens[shareScopeName];
      if (initScope.includes(token)) return [];
      initScope.push(token);
    }
    this.shareScopeMap[shareScopeName] ??= {};
    const scope = this.shareScopeMap[shareScopeName];
    for (const [name, shareds] of Object.entries(host.options.shared)) {
      for (const shared of shareds) {
        if (!shared.scope.includes(shareScopeName)) continue;
        scope[name] ??= {};
        const versions = scope[name];
        const active = versions[shared.version];
        const activeEager = Boolean(active?.shareConfig?.eager);
        const eager = Boolean(shared.shareConfig?.eager);
        if (!active || (active.strategy !== "loaded-first" && !active.loaded && (eager !== activeEager ? eager : host.options.name > active.from))) {
          versions[shared.version] = shared;
        }
      }
    }
    return [];
  }

  loadShareSync(pkgName: string, extraOptions?: Parameters<typeof getTargetSharedOptions>[0]["extraOptions"] & { from?: string }): unknown {
    const { host } = this;
    const shareInfo = getTargetSharedOptions({ pkgName, extraOptions, shareInfos: host.options.shared });
    for (const sc of shareInfo?.scope ?? []) this.initializeSharing(sc, { strategy: shareInfo.strategy, from: extraOptions?.from });
    const registered = getRegisteredShare(this.shareScopeMap, pkgName, shareInfo)?.shared;
    if (registered && typeof registered.lib === "function") {
      addUseIn(registered, host.options.name);
      if (!registered.loaded) {
        registered.loaded = true;
        if (registered.from === host.options.name) shareInfo.loaded = true;
      }
      return registered.lib;
    }
    if (registered && typeof registered.get === "function") {
      const lib = registered.get();
      if (!(lib instanceof Promise)) {
        addUseIn(registered, host.options.name);
        this.setShared({ pkgName, loaded: true, from: host.options.name, lib, shared: registered });
        return lib;
      }
    }
    if (shareInfo.lib) {
      shareInfo.loaded = true;
      return shareInfo.lib;
    }
    if (!shareInfo.get) throw missing(host, pkgName);
    const lib = shareInfo.get();
    if (lib instanceof Promise) throw missing(host, pkgName);
    shareInfo.lib = lib;
    this.setShared({ pkgName, loaded: true, from: host.options.name, lib, shared: shareInfo });
    return lib;
  }

  initShareScopeMap(scopeName: string, shareScope: ShareScopeMap[string]): void {
    this.shareScopeMap[scopeName] = shareScope;
  }

  setShared({ pkgName, shared, from, lib, loading, loaded, get }: SetShared): void {
    const { version, scope = ["default"], ...shareInfo } = shared;
    for (const sc of Array.isArray(scope) ? scope : [scope]) {
      this.shareScopeMap[sc] ??= {};
      const packages = this.shareScopeMap[sc];
      packages[pkgName] ??= {};
      const versions = packages[pkgName];
      versions[version] ??= { version, scope: [sc], ...shareInfo, lib } as Shared;
      const registered = versions[version];
      // As the runtime merges: a value only fills a field that is still empty.
      if (loaded && !registered.loaded) registered.loaded = loaded;
      if (loading && !registered.loading) registered.loading = loading;
      if (get && !registered.get) registered.get = get;
      if (lib && !registered.lib) registered.lib = lib;
      if (from && registered.from !== from) registered.from = from;
    }
  }
}
