import { request } from "node:http";
import WebSocket from "ws";
import type { Session } from "../stack";
import { inspectedWorkerdPorts, inspectorTargets } from "../dev-session/isolate-collector";

export type HeapUsage = { usedSize: number; totalSize: number };

/**
 * The DevTools address of one Worker's isolate. wrangler dev's own inspector port (PLATFORM_PORT + 1000) shows only
 * the session's first Worker, the gateway; the workerd process that runs the Workers is started with
 * --inspector-addr=localhost:0 and lists every isolate on that port as core:user:{worker}.
 */
export async function isolateInspectorUrl(session: Pick<Session, "pid">, worker: string): Promise<string> {
  for (const port of inspectedWorkerdPorts(session)) {
    const target = (await inspectorTargets(port)).find((entry) => entry.id === `core:user:${worker}`);
    if (target) return target.webSocketDebuggerUrl;
  }
  throw new Error(`no inspector found for the Worker ${worker} in the session's workerd (pid group ${session.pid})`);
}

/** A port's answer to `host`'s robots.txt, or "" (fetch cannot name another Host than the address's). */
function robotsText(port: number, host: string): Promise<string> {
  return new Promise((resolve) => {
    const req = request({ host: "127.0.0.1", port, path: "/robots.txt", headers: { host }, timeout: 2000 }, (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => {
        text += chunk.toString("utf8");
      });
      res.on("end", () => resolve(res.statusCode === 200 ? text : ""));
    });
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(""));
    req.end();
  });
}

/**
 * The port of the workerd that runs the session's Workers, reached without wrangler dev's proxy in front (the proxy
 * is a second workerd the local platform alone has; since ADR 0127 it is in front only under PLATFORM_WATCH=1): the
 * listening port of that process that answers `host`'s robots.txt. Null when none does.
 */
export async function workersDirectPort(session: Pick<Session, "pid">, host: string): Promise<number | null> {
  for (const port of inspectedWorkerdPorts(session)) {
    if ((await robotsText(port, host)).includes("Sitemap:")) return port;
  }
  return null;
}

/** A DevTools protocol connection to one Worker's isolate, for its heap; reconnects when workerd drops it. */
export class IsolateInspector {
  private nextId = 0;
  private readonly pending = new Map<number, (result: unknown) => void>();
  private socket: Promise<WebSocket> | null = null;
  private live: WebSocket | null = null;

  private constructor(
    private readonly session: Pick<Session, "pid">,
    private readonly worker: string,
  ) {}

  static async connect(session: Pick<Session, "pid">, worker: string): Promise<IsolateInspector> {
    const inspector = new IsolateInspector(session, worker);
    await inspector.open();
    return inspector;
  }

  /** workerd takes one DevTools client per isolate: a client that just left may still hold it for a moment. */
  private async attach(tries = 5): Promise<WebSocket> {
    const url = await isolateInspectorUrl(this.session, this.worker);
    for (let attempt = 1; ; attempt++) {
      const socket = new WebSocket(url);
      const opened = await new Promise<boolean>((resolve) => {
        socket.once("open", () => resolve(true));
        socket.once("error", () => resolve(false));
        socket.once("close", () => resolve(false));
      });
      if (opened) {
        this.live = socket;
        socket.on("message", (data) => {
          const message = JSON.parse(String(data)) as { id?: number; result?: unknown; error?: { message: string } };
          if (message.id === undefined) return;
          this.pending.get(message.id)?.(message.error ? new Error(message.error.message) : message.result);
          this.pending.delete(message.id);
        });
        socket.once("close", () => {
          for (const settle of this.pending.values()) settle(new Error(`${this.worker}'s inspector connection closed`));
          this.pending.clear();
          if (this.live === socket) this.socket = null;
        });
        return socket;
      }
      if (attempt >= tries) throw new Error(`could not attach to ${this.worker}'s inspector at ${url}: is a debugger attached?`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }

  private open(): Promise<WebSocket> {
    if (!this.socket) {
      if (this.nextId > 0) console.warn(`  (${this.worker}'s inspector connection was dropped: connecting again)`);
      this.socket = this.attach().catch((error) => {
        this.socket = null;
        throw error;
      });
    }
    return this.socket;
  }

  private async send<T>(method: string, timeoutMs: number): Promise<T> {
    const socket = await this.open();
    const id = ++this.nextId;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${method} on ${this.worker} had no answer in ${timeoutMs / 1000} s`));
      }, timeoutMs);
      this.pending.set(id, (result) => {
        clearTimeout(timer);
        if (result instanceof Error) reject(result);
        else resolve(result as T);
      });
      socket.send(JSON.stringify({ id, method, params: {} }));
    });
  }

  /** The isolate's V8 heap now, garbage included; answered without entering the isolate, so it never waits for a request. */
  heapUsage(): Promise<HeapUsage> {
    return this.send<HeapUsage>("Runtime.getHeapUsage", 10_000);
  }

  /**
   * The live heap: V8 runs a requested collection as a task of the isolate, which workerd only pumps while the
   * isolate handles a request, so `poke` sends it cheap ones (an empty search) until the collection is done.
   */
  async liveHeapAfterGc(poke: () => Promise<unknown>): Promise<HeapUsage> {
    for (let round = 0; round < 2; round++) {
      let done = false;
      const collected = this.send("HeapProfiler.collectGarbage", 60_000).finally(() => {
        done = true;
      });
      while (!done) await Promise.race([collected, poke().then(() => new Promise((r) => setTimeout(r, 100)))]);
      await collected;
    }
    return this.heapUsage();
  }

  close(): void {
    this.live?.close();
    this.live = null;
    this.socket = null;
  }
}
