import type { RemoteName } from "./index";

/**
 * Local-only behaviour (the fault switch below, a local outbox, a development key) is on only where the
 * Worker's env has LOCAL_DEV=on, which `npm start` writes into each Worker's `.dev.vars`: a file only
 * `wrangler dev` reads and `wrangler deploy` never uploads (ADR 0009). Not NODE_ENV: the Workers run React's
 * production build locally too.
 */
export const LOCAL_DEV_VAR = "LOCAL_DEV";

export function isLocalDev(env: { LOCAL_DEV?: string }): boolean {
  return env.LOCAL_DEV === "on";
}

/**
 * A remote's cron on demand in a local session (ADR 0084): its `/__scheduled?cron=…`, which the gateway's
 * `/__scheduled/{remote}` forwards (wrangler's --test-scheduled reaches only a session's first Worker, the gateway).
 * Not found outside a local session.
 */
export async function cronOnDemand<E extends { LOCAL_DEV?: string }>(env: E, cron: string, run: (cron: string, env: E) => Promise<void>): Promise<Response> {
  if (!isLocalDev(env)) return new Response("Not found", { status: 404 });
  await run(cron, env);
  return new Response("Ran scheduled event");
}

/**
 * A dev-only fault switch for resilience tests and benchmarks: a request carrying
 * `x-dev-fault: mf-finance=delay:4000` makes that remote answer its fragment 4 s late;
 * `mf-forms=store-fail:10` makes 10% of mf-forms' lead store writes fail (ADR 0024).
 * `mf-forms=queue-fail:100` makes that share of its lead queue sends fail, the lead stored but unqueued (ADR 0030).
 */
export const DEV_FAULT_HEADER = "x-dev-fault";
const MAX_DELAY_MS = 30_000;

/** The number the header gives this remote's named fault (`remote=fault:number`), null when none or outside a local session. */
export function devFault(header: string | undefined | null, remote: RemoteName, fault: string, enabled: boolean): number | null {
  if (!enabled || !header) return null;
  for (const part of header.split(",")) {
    const match = /^\s*([a-z-]+)=([a-z-]+):(\d{1,5})\s*$/.exec(part);
    if (match?.[1] === remote && match[2] === fault) return Number(match[3]);
  }
  return null;
}

/** The delay the header asks of this remote, 0 when none (or outside a local session). */
export function devFragmentDelayMs(header: string | undefined | null, remote: RemoteName, enabled: boolean): number {
  return Math.min(devFault(header, remote, "delay", enabled) ?? 0, MAX_DELAY_MS);
}

/** The share (0 to 1) of this remote's store writes the header asks to fail, 0 when none (or outside a local session). */
export function devStoreFailShare(header: string | undefined | null, remote: RemoteName, enabled: boolean): number {
  return Math.min(devFault(header, remote, "store-fail", enabled) ?? 0, 100) / 100;
}
