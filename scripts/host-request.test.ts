import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NoAnswerInTime, requestOnHost } from "./host-request";

let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/cut") {
      // Promises more than it sends, then drops the connection.
      res.writeHead(200, { "content-length": "100" }).write("partial");
      setTimeout(() => req.socket.destroy(), 20);
    } else if (req.url === "/silent") {
      // Never answers.
    } else {
      res.writeHead(200).end(`${req.headers.host} ${req.url}`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe("requestOnHost", () => {
  it("sends the tenant's Host and the path as given", async () => {
    const answer = await requestOnHost(origin, "/a/../b?q=%ZZ", { host: "harbour-city-motors.localhost:8787" });
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe("harbour-city-motors.localhost:8787 /a/../b?q=%ZZ");
  });

  it("rejects an answer the server cuts short, instead of waiting for ever", async () => {
    await expect(requestOnHost(origin, "/cut", { host: "a.localhost" })).rejects.toThrow(/cut short|aborted/);
  });

  it("gives up on a server that does not answer", async () => {
    const silent = requestOnHost(origin, "/silent", { host: "a.localhost", timeoutMs: 200 });
    await expect(silent).rejects.toThrow(/no answer in 0 s/);
    await expect(silent).rejects.toBeInstanceOf(NoAnswerInTime);
  });
});
