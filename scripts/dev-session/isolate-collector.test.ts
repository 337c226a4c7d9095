import { createServer } from "node:net";
import { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { collectIsolate, inspectorTargets } from "./isolate-collector";

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The isolate's V8 heap in use, garbage included (answered without entering the isolate). */
function heapUsed(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.on("open", () => socket.send(JSON.stringify({ id: 1, method: "Runtime.getHeapUsage" })));
    socket.on("message", (data) => {
      const answer = JSON.parse(String(data)) as { id?: number; result?: { usedSize: number } };
      if (answer.id !== 1 || !answer.result) return;
      const used = answer.result.usedSize;
      // workerd takes one DevTools client an isolate: this one is gone before the next connects.
      socket.once("close", () => resolve(used));
      socket.close();
    });
    socket.on("error", reject);
  });
}

// A Worker that keeps about 16 MB across requests (so it reaches the old generation), then drops it.
const WORKER = `let kept = [];
export default {
  fetch(request) {
    const path = new URL(request.url).pathname;
    if (path === "/keep") for (let i = 0; i < 400; i++) kept.push(new Array(10000).fill(i));
    if (path === "/drop") kept = [];
    return new Response("ok");
  },
};`;

describe("collectIsolate", () => {
  let workerd: Miniflare;
  let inspectorPort: number;
  beforeAll(async () => {
    inspectorPort = await freePort();
    workerd = new Miniflare({ modules: true, script: WORKER, inspectorPort });
    await workerd.ready;
  });
  afterAll(() => workerd.dispose());

  it("lists the isolates an inspector port names, and none for a port that is not one", async () => {
    const targets = await inspectorTargets(inspectorPort);
    expect(targets.length).toBeGreaterThan(0);
    expect(await inspectorTargets(await freePort())).toEqual([]);
  });

  // ADR 0129: V8 left such garbage in place for minutes in the local workerd; the collector's ask frees it.
  it("has an isolate collect its garbage once it next handles a request", { timeout: 60_000 }, async () => {
    await workerd.dispatchFetch("http://worker/keep");
    await workerd.dispatchFetch("http://worker/");
    await workerd.dispatchFetch("http://worker/drop");
    const target = (await inspectorTargets(inspectorPort)).find((entry) => entry.id.startsWith("core:user:"));
    if (!target) throw new Error("no user Worker's isolate listed");
    const before = await heapUsed(target.webSocketDebuggerUrl);
    const collecting = collectIsolate(target.webSocketDebuggerUrl, 30_000);
    const poke = setInterval(() => void workerd.dispatchFetch("http://worker/").catch(() => undefined), 100);
    const collected = await collecting.finally(() => clearInterval(poke));
    expect(collected).toBe(true);
    expect(await heapUsed(target.webSocketDebuggerUrl)).toBeLessThan(before - 8 * 2 ** 20);
  });
});
