import { byteRange, ifRangeHolds } from "@dealer/shared/http";
import { Hono } from "hono";

/** A file the gateway serves from its own bundle: its bytes and Content-Type. */
export type MediaFile = { bytes: ArrayBuffer; type: string };

/** A file never changes under its address (a new one takes a new name), so browsers and the edge keep it a year. */
export const IMMUTABLE = "public, max-age=31536000, immutable";

type BodyPart = { start: number; end: number } | null;

/**
 * A GET of a file of `size` bytes answered as its Range asks: 206 with Content-Range for one range, 416 for a range past
 * the end, else 200 with the whole file (an unusable header, or an If-Range the file no longer matches: its
 * `validators`). `read` gives the bytes start..end inclusive, or the whole file for null.
 */
export async function rangedAnswer(
  request: Request,
  size: number,
  headers: Record<string, string>,
  read: (part: BodyPart) => Promise<BodyInit | null>,
  validators: { etag?: string; lastModified?: Date } = {},
): Promise<Response> {
  const all = { ...headers, "Accept-Ranges": "bytes", ...(validators.etag ? { ETag: validators.etag } : {}) };
  const range = ifRangeHolds(request.headers.get("if-range"), validators) ? byteRange(request.headers.get("range"), size) : { kind: "whole" as const };
  if (range.kind === "unsatisfiable") return new Response(null, { status: 416, headers: { ...all, "Content-Range": `bytes */${size}` } });
  if (range.kind === "whole") return new Response(await read(null), { status: 200, headers: { ...all, "Content-Length": String(size) } });
  const { start, end } = range;
  return new Response(await read({ start, end }), {
    status: 206,
    headers: { ...all, "Content-Range": `bytes ${start}-${end}/${size}`, "Content-Length": String(end - start + 1) },
  });
}

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
    return rangedAnswer(c.req.raw, file.bytes.byteLength, { "Content-Type": file.type, "Cache-Control": IMMUTABLE }, async (part) =>
      part ? file.bytes.slice(part.start, part.end + 1) : file.bytes,
    );
  });
  return app;
}
