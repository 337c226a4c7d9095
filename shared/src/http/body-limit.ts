import type { MiddlewareHandler } from "hono";
import { bodyLimit as honoBodyLimit } from "hono/body-limit";

/**
 * Refuses a request body over `maxBytes` with 413 before anything parses it: a declared Content-Length
 * is judged without reading, a chunked body is counted as it streams and dropped at the limit.
 * Use it on every route that reads a body (mf-forms /api/leads, mf-search /api/stock/* and /1/*).
 */
export function bodyLimit(maxBytes: number): MiddlewareHandler {
  return honoBodyLimit({
    maxSize: maxBytes,
    onError: (c) => c.json({ message: `Request body too large: the limit is ${maxBytes} bytes.` }, 413),
  });
}
