import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { bodyLimit } from "./body-limit";

const app = new Hono().post("/echo", bodyLimit(1024), async (c) => c.text(String((await c.req.text()).length)));

function chunked(bytes: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      controller.enqueue(new Uint8Array(256));
      sent += 256;
    },
  });
}

describe("bodyLimit", () => {
  it("passes a body at the limit", async () => {
    const response = await app.request("/echo", { method: "POST", body: "x".repeat(1024) });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("1024");
  });

  it("answers 413 from the declared length without reading the body", async () => {
    const response = await app.request("/echo", { method: "POST", body: "x".repeat(1025) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: "Request body too large: the limit is 1024 bytes." });
  });

  it("counts a streamed body of unknown length and stops at the limit", async () => {
    const init = { method: "POST", body: chunked(10 * 1024 * 1024), duplex: "half" } as RequestInit;
    expect((await app.request("/echo", init)).status).toBe(413);
    const small = { method: "POST", body: chunked(512), duplex: "half" } as RequestInit;
    expect(await (await app.request("/echo", small)).text()).toBe("512");
  });
});
