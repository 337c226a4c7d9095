/**
 * Stands in for runtime-core's core.js: the ModuleFederation instance (the shell's and each started container's),
 * its options, and the plugin points the platform's one runtime plugin (the external-runtime injector, beforeInit)
 * and the stand-in Module (beforeInitContainer, initContainer) use. The loader and bridge hook sets, which nothing
 * of the platform taps or emits any more, are empty (issue 35, ADR 0081).
 */
import { isBrowserEnvValue } from "@module-federation/sdk";
import { RemoteHandler } from "./remote-handler";
import { getGlobalHostPlugins } from "./runtime-global";
import { formatShareConfigs, type ShareInfos } from "./share-scope";
import { SharedHandler } from "./shared-handler";
import { SnapshotHandler } from "./snapshot-handler";

declare const FEDERATION_BUILD_IDENTIFIER: string | undefined;

type Data = Record<string, unknown>;
type Listener = (data: Data) => unknown;
type Plugin = { name: string; apply?: (instance: ModuleFederation) => Record<string, unknown> | undefined } & Record<string, unknown>;
type Options = { id?: string; name: string; plugins: Plugin[]; remotes: Parameters<RemoteHandler["registerRemotes"]>[0]; shared: ShareInfos; shareStrategy?: string } & Data;
type UserOptions = Partial<Options> & { name: string };

/** A plugin may hand back the data with at least the same fields; anything else keeps what it got. */
const accepted = (data: Data, returned: unknown): returned is Data =>
  returned !== null && typeof returned === "object" && Object.keys(data).every((key) => key in (returned as Data));

/** One plugin point: listeners in order, each given what the one before returned (a waterfall). */
class Hook {
  listeners = new Set<Listener>();
  on(fn: unknown): void {
    if (typeof fn === "function") this.listeners.add(fn as Listener);
  }
  remove(fn: Listener): void {
    this.listeners.delete(fn);
  }
}

class SyncHook extends Hook {
  emit(data: Data): Data {
    for (const fn of this.listeners) {
      const returned = fn(data);
      if (accepted(data, returned)) data = returned;
    }
    return data;
  }
}

class AsyncHook extends Hook {
  async emit(data: Data): Promise<Data> {
    for (const fn of this.listeners) {
      const returned = await fn(data);
      if (accepted(data, returned)) data = returned;
    }
    return data;
  }
}

/** A set of plugin points; a plugin's function named like a point listens to it. */
class PluginPoints<Points extends Record<string, Hook>> {
  registerPlugins: Record<string, Plugin> = {};
  constructor(public lifecycle: Points) {}
  applyPlugin(plugin: Plugin): void {
    if (this.registerPlugins[plugin.name]) return;
    this.registerPlugins[plugin.name] = plugin;
    for (const [key, hook] of Object.entries(this.lifecycle)) hook.on(plugin[key]);
  }
  removePlugin(name: string): void {
    const plugin = this.registerPlugins[name];
    if (!plugin) throw new Error(`[federation] the plugin "${name}" is not registered`);
    for (const [key, hook] of Object.entries(this.lifecycle)) hook.remove(plugin[key] as Listener);
    delete this.registerPlugins[name];
  }
}

export class ModuleFederation {
  hooks = new PluginPoints({ beforeInit: new SyncHook(), init: new SyncHook(), beforeInitContainer: new AsyncHook(), initContainer: new AsyncHook() });
  moduleCache = new Map();
  loaderHook = new PluginPoints({});
  bridgeHook = new PluginPoints({});
  name: string;
  options: Options;
  snapshotHandler = new SnapshotHandler();
  sharedHandler: SharedHandler;
  remoteHandler: RemoteHandler;
  shareScopeMap: SharedHandler["shareScopeMap"];

  constructor(userOptions: UserOptions) {
    const defaultOptions: Options = {
      id: typeof FEDERATION_BUILD_IDENTIFIER !== "undefined" ? FEDERATION_BUILD_IDENTIFIER : "",
      name: userOptions.name,
      plugins: [],
      remotes: [],
      shared: {},
      inBrowser: isBrowserEnvValue,
    };
    this.name = userOptions.name;
    this.options = defaultOptions;
    this.sharedHandler = new SharedHandler(this);
    this.remoteHandler = new RemoteHandler(this);
    this.shareScopeMap = this.sharedHandler.shareScopeMap;
    this.registerPlugins(userOptions.plugins ?? []);
    this.options = this.formatOptions(defaultOptions, userOptions);
  }

  initOptions(userOptions: UserOptions): Options {
    if (userOptions.name && userOptions.name !== this.options.name) throw new Error(`[federation] ${this.options.name} cannot take the options of ${userOptions.name}`);
    this.registerPlugins(userOptions.plugins ?? []);
    this.options = this.formatOptions(this.options, userOptions);
    return this.options;
  }

  loadShare(pkgName: string, extraOptions?: Parameters<SharedHandler["loadShare"]>[1]) {
    return this.sharedHandler.loadShare(pkgName, extraOptions);
  }
  loadShareSync(pkgName: string, extraOptions?: Parameters<SharedHandler["loadShareSync"]>[1]) {
    return this.sharedHandler.loadShareSync(pkgName, extraOptions);
  }
  initializeSharing(shareScopeName = "default", extraOptions?: Parameters<SharedHandler["initializeSharing"]>[1]) {
    return this.sharedHandler.initializeSharing(shareScopeName, extraOptions);
  }
  initRawContainer(name: string, url: string, container: Parameters<RemoteHandler["initRawContainer"]>[2]) {
    return this.remoteHandler.initRawContainer(name, url, container);
  }
  loadRemote<T>(id: string, options?: { loadFactory?: boolean }) {
    return this.remoteHandler.loadRemote<T>(id, options);
  }
  preloadRemote() {
    return this.remoteHandler.preloadRemote();
  }
  initShareScopeMap(scopeName: string, shareScope: SharedHandler["shareScopeMap"][string]) {
    this.sharedHandler.initShareScopeMap(scopeName, shareScope);
  }
  registerRemotes(remotes: Parameters<RemoteHandler["registerRemotes"]>[0], options?: { force?: boolean }) {
    this.remoteHandler.registerRemotes(remotes, options);
  }
  registerShared(shared: ShareInfos) {
    this.sharedHandler.registerShared(this.options, { ...this.options, shared });
  }

  formatOptions(globalOptions: Options, userOptions: UserOptions): Options {
    const shareInfo = formatShareConfigs(globalOptions, userOptions).allShareInfos;
    const before = this.hooks.lifecycle.beforeInit.emit({ origin: this, userOptions, options: globalOptions, shareInfo });
    const given = before.userOptions as UserOptions;
    const base = before.options as Options;
    const remotes = this.remoteHandler.formatAndRegisterRemote(base, given);
    const { allShareInfos } = this.sharedHandler.registerShared(base, given);
    const plugins = [...base.plugins];
    for (const plugin of given.plugins ?? []) if (!plugins.includes(plugin)) plugins.push(plugin);
    const options = { ...globalOptions, ...userOptions, plugins, remotes, shared: allShareInfos, id: given.id || globalOptions.id };
    this.hooks.lifecycle.init.emit({ origin: this, options });
    return options;
  }

  /** Each plugin once by name (the page's global plugins too), applied to every set of plugin points. */
  registerPlugins(plugins: Plugin[]): void {
    const registered = new Map(this.options.plugins.map((plugin) => [plugin.name, plugin]));
    const points = [this.hooks, this.remoteHandler.hooks, this.sharedHandler.hooks, this.snapshotHandler.hooks, this.loaderHook, this.bridgeHook];
    for (const plugin of [...plugins, ...(getGlobalHostPlugins() as Plugin[])]) {
      if (!plugin || registered.has(plugin.name)) continue;
      if (!plugin.name) throw new Error("[federation] a plugin needs a name");
      registered.set(plugin.name, plugin);
      if (this.hooks.registerPlugins[plugin.name]) continue;
      const applied = plugin.apply?.(this);
      const instancePlugin = applied ? { ...applied, name: plugin.name } : plugin;
      for (const point of points) point.applyPlugin(instancePlugin as Plugin);
    }
    this.options.plugins = [...registered.values()];
  }
}
