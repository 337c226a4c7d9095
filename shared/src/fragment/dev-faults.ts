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
 * A dev-only fault switch for resilience tests: a page request carrying `x-dev-fault: mf-finance=delay:4000`
 * makes that remote answer its fragment 4 s late.
 */
export const DEV_FAULT_HEADER = "x-dev-fault";
const MAX_DELAY_MS = 30_000;

/** The delay the header asks of this remote, 0 when none (or outside a local session). */
export function devFragmentDelayMs(header: string | undefined | null, remote: RemoteName, enabled: boolean): number {
  if (!enabled || !header) return 0;
  for (const part of header.split(",")) {
    const match = /^\s*([a-z-]+)=delay:(\d{1,5})\s*$/.exec(part);
    if (match?.[1] === remote) return Math.min(Number(match[2]), MAX_DELAY_MS);
  }
  return 0;
}
