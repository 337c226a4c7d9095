/** The runtime's `cloudflare:workers` module: only what the project uses (the package's full types clash with lib.dom). */
declare module "cloudflare:workers" {
  /** Keeps work running after the current request has its answer (the request's ExecutionContext.waitUntil). */
  export function waitUntil(promise: Promise<unknown>): void;
}
