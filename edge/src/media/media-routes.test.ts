import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createMediaRoutes } from "./media-routes";

const BYTES = Uint8Array.from({ length: 1000 }, (_, i) => i % 256);
const app = createMediaRoutes({ "/media/demo/clip.webm": { bytes: BYTES.buffer, type: "video/webm" } });
const get = (range?: string, method = "GET") => app.request("/media/demo/clip.webm", { method, headers: range === undefined ? {} : { range } });

describe("createMediaRoutes", () => {
  it("serves the whole file as a long-lived video that takes ranges, again and again", async () => {
    for (const _ of [1, 2]) {
      const res = await get();
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("video/webm");
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(res.headers.get("accept-ranges")).toBe("bytes");
      expect(res.headers.get("content-length")).toBe("1000");
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(BYTES);
    }
  });

  it("answers a byte range with 206 and exactly those bytes", async () => {
    const res = await get("bytes=10-19");
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe("bytes 10-19/1000");
    expect(res.headers.get("content-length")).toBe("10");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(BYTES.slice(10, 20));
    const tail = await get("bytes=-5");
    expect(tail.headers.get("content-range")).toBe("bytes 995-999/1000");
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(BYTES.slice(995));
  });

  it("answers a range past the end with 416 and the file's size", async () => {
    const res = await get("bytes=1000-");
    expect(res.status).toBe(416);
    expect(res.headers.get("content-range")).toBe("bytes */1000");
  });

  it("answers HEAD with the headers and no body", async () => {
    const res = await get(undefined, "HEAD");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("video/webm");
    expect(await res.text()).toBe("");
  });

  it("is a 404 for any other address under /media", async () => {
    for (const path of ["/media/demo/other.webm", "/media/", "/media/demo/clip.webm/x", "/media/constructor", "/media/__proto__"]) {
      expect((await app.request(path)).status, path).toBe(404);
    }
  });

  it("any Range header gets 206 inside the file, the whole file or 416, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.stringMatching(/^[\x20-\x7e]{0,30}$/), fc.stringMatching(/^bytes=-?\d{0,5}-?\d{0,5}(,\d-\d)?$/)), async (range) => {
        const res = await get(range);
        expect([200, 206, 416]).toContain(res.status);
        if (res.status === 206) expect((await res.arrayBuffer()).byteLength).toBe(Number(res.headers.get("content-length")));
      }),
      { numRuns: 200 },
    );
  });
});
