import { byteRange } from "@dealer/shared/http";
import { Hono } from "hono";

/** A file the gateway serves from its own bundle: its bytes and Content-Type. */
export type MediaFile = { bytes: ArrayBuffer; type: string };

/** A file never changes under its address (a new one takes a new name), so browsers and the edge keep it a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Files at fixed root-relative addresses (mount at "/"), same on every host, with Range answered: a browser's
 * <video> asks for byte ranges and seeks with them (206, or 416 for a range past the end; an unusable header gets
 * the whole file). 404 for any other path.
 */
export function createMediaRoutes(files: Record<string, MediaFile>) {
  const app = new Hono();
  app.get("/media/*", (c) => {
    const file = Object.hasOwn(files, c.req.path) ? files[c.req.path] : undefined;
    if (!file) return c.text("Not found", 404);
    const size = file.bytes.byteLength;
    const headers = { "Content-Type": file.type, "Cache-Control": IMMUTABLE, "Accept-Ranges": "bytes" };
    const range = byteRange(c.req.header("range"), size);
    if (range.kind === "unsatisfiable") return c.body(null, 416, { ...headers, "Content-Range": `bytes */${size}` });
    if (range.kind === "whole") return c.body(file.bytes, 200, { ...headers, "Content-Length": String(size) });
    const { start, end } = range;
    return c.body(file.bytes.slice(start, end + 1), 206, {
      ...headers,
      "Content-Range": `bytes ${start}-${end}/${size}`,
      "Content-Length": String(end - start + 1),
    });
  });
  return app;
}
