import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit as honoBodyLimit } from "hono/body-limit";

export const bodyTooLargeMessage = (maxBytes: number) => `Request body too large: the limit is ${maxBytes} bytes.`;

/**
 * Refuses a request body over `maxBytes` with 413 before anything parses it: a declared Content-Length
 * is judged without reading, a chunked body is counted as it streams and dropped at the limit.
 * Use it on every route that reads a body (mf-forms /api/leads, mf-search /api/stock/* and /1/*).
 * `onRefused` runs before the 413 (the operator API audits the refusal); `message` says it in a route's own words.
 */
export function bodyLimit(maxBytes: number, onRefused?: (c: Context) => Promise<void>, message = bodyTooLargeMessage(maxBytes)): MiddlewareHandler {
  return honoBodyLimit({
    maxSize: maxBytes,
    onError: async (c) => {
      await onRefused?.(c);
      return c.json({ message }, 413);
    },
  });
}
