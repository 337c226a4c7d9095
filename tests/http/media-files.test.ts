import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DEMO_WALKAROUND_VIDEOS } from "@dealer/shared/media";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fetchSite, fetchSiteOnHost, GATEWAY_PORT } from "../support/platform";

const SITE = "ridge-motorcycles";
const PATH = DEMO_WALKAROUND_VIDEOS.motorcycle;
const FILE = readFileSync(join(import.meta.dirname, "../../edge/src/media/demo", PATH.split("/").at(-1) ?? ""));
const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());

/** The demo's dealer-hosted walkaround videos (ADR 0054), served by the gateway on every host. */
describe("media files", () => {
  it("serves the file whole, as WebM kept a year, on a dealer's host and the platform's", async () => {
    for (const response of [await fetchSite(SITE, PATH), await fetchSiteOnHost(`localhost:${GATEWAY_PORT}`, DEMO_WALKAROUND_VIDEOS.car)]) {
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("video/webm");
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("accept-ranges")).toBe("bytes");
    }
    expect((await bytes(await fetchSite(SITE, PATH))).equals(FILE)).toBe(true);
  });

  it("answers a byte range with 206 and those bytes, a range past the end with 416", async () => {
    const part = await fetchSite(SITE, PATH, { headers: { range: "bytes=100-1123" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-1123/${FILE.length}`);
    expect((await bytes(part)).equals(FILE.subarray(100, 1124))).toBe(true);
    const past = await fetchSite(SITE, PATH, { headers: { range: `bytes=${FILE.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${FILE.length}`);
  });

  it("a bad Range header gets the whole file or 416, never a 5xx; an unknown file is a 404", async () => {
    const headers = fc.sample(fc.oneof(fc.stringMatching(/^[\x20-\x7e]{0,30}$/), fc.stringMatching(/^bytes=-?\d{0,9}-?\d{0,9}(,\d{1,3}-\d{0,3})?$/)), { numRuns: 25, seed: 54 });
    for (const range of ["bytes=5-1", "bytes=0-1,4-9", "bytes=-", "bits=0-9", "bytes=99999999999999999999-", ...headers]) {
      const response = await fetchSite(SITE, PATH, { headers: { range } });
      expect([200, 206, 416], range).toContain(response.status);
    }
    expect((await fetchSite(SITE, "/media/demo/nothing.webm")).status).toBe(404);
  });
});
