/**
 * Stands in for runtime-core's remote/index.js. The platform's host registers remotes by name and remoteEntry.js URL
 * (again, with force, when a slot's Retry asks) and loads exposed modules with loadRemote; nothing uses aliases,
 * preloadRemote or the handler's hooks (the only runtime plugin, the external-runtime injector, taps the core's
 * beforeInit). What is left out, and why, is in ADR 0081 (issue 35).
 */
import { getRemoteEntryUniqueKey, getRemoteInfo, type RemoteInfo } from "./remote-entry-load";
import { Module } from "./remote-module";
import { CurrentGlobal, globalLoading } from "./runtime-global";
import type { Shared } from "./share-scope";

type Remote = { name: string; entry?: string; alias?: string; shareScope?: string | string[]; type?: string; entryGlobalName?: string };
type Instance = { name: string; options: { id?: string }; shareScopeMap: object };
type ModuleHost = ConstructorParameters<typeof Module>[0]["host"];
type Host = ModuleHost & { options: { name: string; remotes: Remote[] }; moduleCache: Map<string, Module> };

const unused = (what: string) => () => Promise.reject(new Error(`[federation] ${what} is not used on this platform`));
// SharedHandler's version-first strategy (never chosen here) reports a failed remote through this hook.
const noRecovery = { emit: () => Promise.resolve(undefined) };

export class RemoteHandler {
  hooks = { lifecycle: { errorLoadRemote: noRecovery }, applyPlugin() {}, removePlugin() {} };
  idToRemoteMap: Record<string, { name: string; expose: string }> = {};
  preloadRemote = unused("preloadRemote");

  constructor(public host: Host) {}

  formatAndRegisterRemote(globalOptions: { remotes: Remote[] }, userOptions: { remotes?: Remote[] }): Remote[] {
    for (const remote of userOptions.remotes ?? []) this.registerRemote(remote, globalOptions.remotes, { force: false });
    return globalOptions.remotes;
  }

  registerRemotes(remotes: Remote[], options?: { force?: boolean }): void {
    for (const remote of remotes) this.registerRemote(remote, this.host.options.remotes, options);
  }

  registerRemote(remote: Remote, targetRemotes: Remote[], options?: { force?: boolean }): void {
    const registered = targetRemotes.find((item) => item.name === remote.name);
    if (registered && !options?.force) return;
    if (registered) this.removeRemote(registered);
    if (remote.entry && !remote.entry.startsWith("http") && typeof window !== "undefined") remote.entry = new URL(remote.entry, window.location.origin).href;
    remote.shareScope ||= "default";
    remote.type ||= "global";
    targetRemotes.push(remote);
  }

  /** "mf_search/SearchResults" -> the remote registered as mf_search and its "./SearchResults". */
  async getRemoteModuleAndOptions({ id }: { id: string }) {
    const { host } = this;
    const remote = host.options.remotes.find((item) => id === item.name || id.startsWith(`${item.name}/`));
    if (!remote) throw new Error(`[federation] ${host.options.name} has no remote registered for ${id}`);
    const expose = id === remote.name ? "." : `.${id.slice(remote.name.length)}`;
    const remoteInfo = getRemoteInfo(remote);
    let module = host.moduleCache.get(remote.name);
    if (!module) {
      module = new Module({ host, remoteInfo });
      host.moduleCache.set(remote.name, module);
    }
    return { module, moduleOptions: { host, remoteInfo }, remoteMatchInfo: { id, pkgNameOrAlias: remote.name, expose, remote } };
  }

  async loadRemote<T>(id: string, options?: { loadFactory?: boolean }): Promise<T> {
    const { module, remoteMatchInfo } = await this.getRemoteModuleAndOptions({ id });
    const exposed = await module.get(id, remoteMatchInfo.expose, options);
    this.idToRemoteMap[id] = { name: remoteMatchInfo.remote.name, expose: remoteMatchInfo.expose };
    return exposed as T;
  }

  initRawContainer(name: string, url: string, container: Module["remoteEntryExports"]): Module {
    const module = new Module({ host: this.host, remoteInfo: getRemoteInfo({ name, entry: url }) });
    module.remoteEntryExports = container;
    this.host.moduleCache.set(name, module);
    return module;
  }

  /**
   * Forgets a remote so that registering it again loads its entry afresh: its container global, its entry's loading
   * promise, its runtime instance and the shared modules it provided that nothing else uses.
   */
  removeRemote(remote: Remote): void {
    const { host } = this;
    const index = host.options.remotes.findIndex((item) => item.name === remote.name);
    if (index !== -1) host.options.remotes.splice(index, 1);
    const loaded = host.moduleCache.get(remote.name);
    if (!loaded) return;
    host.moduleCache.delete(remote.name);
    const info: RemoteInfo = loaded.remoteInfo;
    const global = globalThis as Record<string, unknown>;
    if (Object.getOwnPropertyDescriptor(global, info.entryGlobalName)?.configurable) delete global[info.entryGlobalName];
    else global[info.entryGlobalName] = undefined;
    delete globalLoading[getRemoteEntryUniqueKey(info)];
    const federation = CurrentGlobal.__FEDERATION__ as { __INSTANCES__: Instance[]; __SHARE__: Record<string, Record<string, Record<string, Record<string, Shared | undefined>>>> };
    const instanceIndex = federation.__INSTANCES__.findIndex((instance) => instance.name === info.name);
    if (instanceIndex === -1) return;
    const [instance] = federation.__INSTANCES__.splice(instanceIndex, 1);
    let stillUsed = false;
    for (const scopes of Object.values(federation.__SHARE__)) {
      for (const packages of Object.values(scopes)) {
        for (const versions of Object.values(packages)) {
          for (const [version, shared] of Object.entries(versions)) {
            if (shared?.from !== info.name) continue;
            if (shared.loaded || shared.loading) shared.useIn = shared.useIn.filter((user) => user !== info.name);
            if ((shared.loaded || shared.loading) && shared.useIn.length) stillUsed = true;
            else delete versions[version];
          }
        }
      }
    }
    if (!stillUsed && instance) {
      instance.shareScopeMap = {};
      delete federation.__SHARE__[instance.options.id || info.name];
    }
  }
}
