import type { Env, LeadMessage } from "../env";

/** One queue message per stored lead; the consumer reads the lead itself from D1. */

/** A pending lead not (re)queued for this long is queued again by the sweep. */
export const SWEEP_AFTER_MS = 10 * 60 * 1000;
/** Leads younger than this are left to the request that stored them. */
export const SWEEP_GRACE_MS = 60 * 1000;

/**
 * Puts stored leads on the queue and notes when. A failed send is logged, not thrown: the lead is
 * already stored, and the scheduled sweep queues it later.
 */
export async function enqueueLeads(env: Env, leadIds: number[], now = new Date()): Promise<boolean> {
  if (leadIds.length === 0) return true;
  try {
    if (!env.LEAD_QUEUE) throw new Error("LEAD_QUEUE is not bound");
    await env.LEAD_QUEUE.sendBatch(leadIds.map((leadId) => ({ body: { leadId } })));
    await env.DB.prepare(`UPDATE leads SET queued_at = ? WHERE id IN (${leadIds.map(() => "?").join(",")})`)
      .bind(now.toISOString(), ...leadIds)
      .run();
    return true;
  } catch (error) {
    console.error("[mf-forms] lead not queued (the sweep will retry)", leadIds, error);
    return false;
  }
}

/** A queue whose send fails: the dev-only `x-dev-fault: mf-forms=queue-fail:N` switch (ADR 0030). */
export class InjectedQueueFault extends Error {}
export const unreachableQueue = {
  send: () => Promise.reject(new InjectedQueueFault("dev fault: the queue send failed")),
  sendBatch: () => Promise.reject(new InjectedQueueFault("dev fault: the queue send failed")),
} as unknown as Queue<LeadMessage>;

/**
 * Queues a stored lead that no request has queued yet: the request that stored it, or a retry with the same
 * Idempotency-Key after the first send failed or its answer was lost. The lead is claimed first (queued_at set
 * where it is NULL), so of two requests racing only one sends it and a lead already queued is never sent
 * again here; a failed send gives the claim back (the next retry or the sweep queues it). A worker that dies
 * between the claim and the send leaves queued_at set: the sweep re-queues it after SWEEP_AFTER_MS.
 */
export async function queueUnqueuedLead(env: Env, leadId: number, now = new Date()): Promise<"queued" | "already" | "failed"> {
  const claimedAt = now.toISOString();
  const claimed = await env.DB.prepare("UPDATE leads SET queued_at = ?1 WHERE id = ?2 AND queued_at IS NULL AND delivery_status = 'pending' RETURNING id")
    .bind(claimedAt, leadId)
    .first();
  if (!claimed) return "already";
  try {
    if (!env.LEAD_QUEUE) throw new Error("LEAD_QUEUE is not bound");
    await env.LEAD_QUEUE.send({ leadId });
    return "queued";
  } catch (error) {
    // An injected fault is expected: one line, no stack (ADR 0024).
    if (error instanceof InjectedQueueFault) console.warn(`[mf-forms] lead ${leadId} not queued: ${error.message}`);
    else console.error("[mf-forms] lead not queued (a retry or the sweep will queue it)", leadId, error);
    await env.DB.prepare("UPDATE leads SET queued_at = NULL WHERE id = ? AND queued_at = ?").bind(leadId, claimedAt).run();
    return "failed";
  }
}

/**
 * Scheduled sweep: pending leads that never reached the queue, or sat there too long, go (back) on it, 50 a
 * run (D1 binds at most 100 parameters); of one site when `site` is given (a dealer running it now).
 */
export async function sweepPendingLeads(env: Env, now = new Date(), site: string | null = null): Promise<number> {
  const { results } = await env.DB.prepare(
    `SELECT id FROM leads WHERE delivery_status = 'pending' AND created_at < ?1 AND (queued_at IS NULL OR queued_at < ?2)
       AND (?3 IS NULL OR site = ?3)
     ORDER BY id LIMIT 50`,
  )
    .bind(new Date(now.getTime() - SWEEP_GRACE_MS).toISOString(), new Date(now.getTime() - SWEEP_AFTER_MS).toISOString(), site)
    .all<{ id: number }>();
  const ids = results.map((row) => row.id);
  return (await enqueueLeads(env, ids, now)) ? ids.length : 0;
}
