/**
 * Cloudflare binding types for code that also sees the DOM library (components render on both
 * sides). Loading @cloudflare/workers-types globally clashes with lib.dom (Element, Request...),
 * so only the binding types are taken from it, and service bindings use the standard fetch types.
 */
declare global {
  type D1Database = import("@cloudflare/workers-types").D1Database;
  type D1PreparedStatement = import("@cloudflare/workers-types").D1PreparedStatement;
  type D1Result<T = unknown> = import("@cloudflare/workers-types").D1Result<T>;
  type KVNamespace = import("@cloudflare/workers-types").KVNamespace;
  type ExecutionContext = import("@cloudflare/workers-types").ExecutionContext;
  type Queue<Body = unknown> = import("@cloudflare/workers-types").Queue<Body>;
  type MessageBatch<Body = unknown> = import("@cloudflare/workers-types").MessageBatch<Body>;
  type ScheduledController = import("@cloudflare/workers-types").ScheduledController;
  type R2Bucket = import("@cloudflare/workers-types").R2Bucket;
  type ImagesBinding = import("@cloudflare/workers-types").ImagesBinding;
  interface Fetcher {
    fetch(input: Request | string | URL, init?: RequestInit): Promise<Response>;
  }
}

export {};
