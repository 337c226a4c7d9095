import type { RemoteName } from "./index";

/**
 * A dev-only fault switch for resilience tests: a page request carrying `x-dev-fault: mf-finance=delay:4000`
 * makes that remote answer its fragment 4 s late. wrangler replaces `process.env.NODE_ENV` at bundle time
 * ("development" under `wrangler dev`, "production" under `wrangler deploy`), so a deployed Worker has
 * no switch at all and no configuration can turn it on.
 */
export const DEV_FAULT_HEADER = "x-dev-fault";
const MAX_DELAY_MS = 30_000;

export function devFaultsEnabled(): boolean {
  return process.env.NODE_ENV === "development";
}

/** The delay the header asks of this remote, 0 when none (or outside development). */
export function devFragmentDelayMs(header: string | undefined | null, remote: RemoteName, enabled = devFaultsEnabled()): number {
  if (!enabled || !header) return 0;
  for (const part of header.split(",")) {
    const match = /^\s*([a-z-]+)=delay:(\d{1,5})\s*$/.exec(part);
    if (match?.[1] === remote) return Math.min(Number(match[2]), MAX_DELAY_MS);
  }
  return 0;
}
