import { z } from "zod";

/**
 * A message of the search push queue (ADR 0035): the site's stock reached `version` (push the changes after what the
 * index holds), or `resync`: the reconciliation found drift and the site is pushed whole. Sent by mf-search's stock
 * writes and by whatever else moves a site's stock version on (a site deleted, a finance publish: ADR 0093).
 */
export const searchPushMessageSchema = z.object({
  site: z.string().min(1),
  version: z.number().int().min(0),
  resync: z.boolean().optional(),
});
export type SearchPushMessage = z.infer<typeof searchPushMessageSchema>;

/** The producer binding of the search push queue; absent where a Worker has none (unit tests). */
export type SearchPushEnv = { SEARCH_PUSH_QUEUE?: Queue<SearchPushMessage> };

/**
 * Queues the push of a site whose stock version moved on outside a stock write: Algolia then drops a deleted site's
 * records, or takes a finance publish's repayments, within seconds instead of at the hourly reconciliation. With the
 * embedded engine the consumer acknowledges it unread. The change is committed already, so a failed send is logged,
 * not thrown: the reconciliation still finds the site behind.
 */
export async function queueSiteReload(env: SearchPushEnv, site: string, version: number | null): Promise<void> {
  if (!env.SEARCH_PUSH_QUEUE || version === null) return;
  try {
    await env.SEARCH_PUSH_QUEUE.send({ site, version }, { contentType: "json" });
  } catch (error) {
    console.error(`[search push] could not queue ${site} at stock version ${version}; the reconciliation will`, error);
  }
}
