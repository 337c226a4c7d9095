import type { Env } from "../env";

/** One queue message per stored lead; the consumer reads the lead itself from D1. */
export type LeadMessage = { leadId: number };

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
