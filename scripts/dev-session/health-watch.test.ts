import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { HealthWatch } from "./health-watch";

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

/** A server that answers until `hang` is set, then takes requests and never answers, as the livelocked workerd did. */
async function serving(): Promise<{ url: string; hang: () => void }> {
  let hung = false;
  server = createServer((_, response) => {
    if (!hung) response.end("ok");
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/healthz`, hang: () => (hung = true) };
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("HealthWatch", () => {
  it("calls a session hung once it answered and then stopped answering for longer than the limit", async () => {
    const { url, hang } = await serving();
    const watch = new HealthWatch(300, 100);
    watch.probe("session", url);
    // Answered once (a loaded machine may take longer than the limit to answer; a time ahead of now tells it).
    await expect.poll(() => watch.silentFor("session", Date.now() + 10_000)).toBeDefined();
    expect(watch.silentFor("session")).toBeUndefined();
    hang();
    for (let i = 0; i < 5; i++) {
      watch.probe("session", url);
      await settle(120);
    }
    await expect.poll(() => watch.silentFor("session")).toBeGreaterThan(300);
  });

  it("never calls a session that has not answered yet hung (it is still starting)", async () => {
    const { url, hang } = await serving();
    hang();
    const watch = new HealthWatch(100, 50);
    watch.probe("session", url);
    await settle(300);
    expect(watch.silentFor("session")).toBeUndefined();
  });

  it("keeps a session that answers within the limit, and starts another process on the same port unanswered", async () => {
    const { url } = await serving();
    // A limit well above a loaded machine's answer time (a CI run at load 10 took over 300 ms to answer once).
    const watch = new HealthWatch(3000, 1000);
    for (let i = 0; i < 5; i++) {
      watch.probe("session", url);
      await settle(120);
      expect(watch.silentFor("session")).toBeUndefined();
    }
    expect(watch.silentFor("session", Date.now() + 10_000)).toBeGreaterThan(3000);
    expect(watch.silentFor("the next session", Date.now() + 10_000)).toBeUndefined();
  });
});
