/**
 * Stands in for runtime-core's module/index.js: one remote's container, started once with the host's share scope,
 * then asked for an exposed module. Left out: the loader hooks around each step that no plugin of the platform taps,
 * the module-id symbol only the React bridge reads, and the diagnostic context of each error (issue 35, ADR 0081).
 */
import { getRemoteEntry, type RemoteInfo } from "./remote-entry-load";

type Container = {
  init: (shareScope: unknown, initScope: unknown[], options: object) => unknown;
  get: (expose: string) => Promise<(() => unknown) | undefined> | (() => unknown) | undefined;
};
type Emit = { emit: (args: Record<string, unknown>) => Promise<Record<string, unknown>> };
type Host = { shareScopeMap: Record<string, object>; hooks: { lifecycle: { beforeInitContainer: Emit; initContainer: Emit } } };

export class Module {
  inited = false;
  initing = false;
  lib: Container | undefined = undefined;
  remoteInfo: RemoteInfo;
  host: Host;
  remoteEntryExports: Container | undefined;
  initPromise: Promise<void> | undefined;

  constructor({ remoteInfo, host }: { remoteInfo: RemoteInfo; host: Host }) {
    this.remoteInfo = remoteInfo;
    this.host = host;
  }

  async getEntry(): Promise<Container> {
    this.remoteEntryExports = (await getRemoteEntry({ remoteInfo: this.remoteInfo, remoteEntryExports: this.remoteEntryExports })) as Container;
    return this.remoteEntryExports;
  }

  /** Starts the container once (concurrent callers share the start; a failed start is tried again next time). */
  async init(id?: string, remoteSnapshot?: unknown, rawInitScope?: unknown[]): Promise<Container> {
    const container = await this.getEntry();
    if (this.inited) return container;
    this.initPromise ??= this.start(container, id, remoteSnapshot, rawInitScope).finally(() => {
      this.initing = false;
      this.initPromise = undefined;
    });
    this.initing = true;
    await this.initPromise;
    return container;
  }

  private async start(container: Container, id?: string, remoteSnapshot?: unknown, rawInitScope?: unknown[]): Promise<void> {
    const { shareScope: scope, name, entry } = this.remoteInfo;
    const keys = Array.isArray(scope) ? scope : [scope || "default"];
    const shareScopeMap = this.host.shareScopeMap;
    for (const key of keys) shareScopeMap[key] ??= {};
    const remoteEntryInitOptions = { version: this.remoteInfo.version || "", shareScopeKeys: Array.isArray(scope) ? keys : scope || "default" };
    // The host's whole map goes to the container, not enumerable, as the runtime hands it.
    Object.defineProperty(remoteEntryInitOptions, "shareScopeMap", { value: shareScopeMap, enumerable: false });
    const options = await this.host.hooks.lifecycle.beforeInitContainer.emit({
      shareScope: shareScopeMap[keys[0] as string],
      remoteEntryInitOptions,
      initScope: rawInitScope ?? [],
      remoteInfo: this.remoteInfo,
      origin: this.host,
    });
    if (typeof container?.init !== "function") throw new Error(`[federation] ${entry} is not a container of ${name}`);
    try {
      await container.init(options.shareScope, options.initScope as unknown[], options.remoteEntryInitOptions as object);
    } catch (error) {
      throw new Error(`[federation] ${name}'s container did not start: ${error}`);
    }
    await this.host.hooks.lifecycle.initContainer.emit({ ...options, id, remoteSnapshot, remoteEntryExports: container });
    this.inited = true;
  }

  /** The exposed module ("./SearchResults"), or its factory when loadFactory is false. */
  async get(id: string, expose: string, options?: { loadFactory?: boolean }): Promise<unknown> {
    const container = await this.init(id);
    this.lib = container;
    const factory = await container.get(expose);
    if (!factory) throw new Error(`[federation] ${this.remoteInfo.name} exposes no ${expose} (${id})`);
    return (options?.loadFactory ?? true) ? factory() : factory;
  }
}
