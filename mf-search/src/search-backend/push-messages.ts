import { z } from "zod";
import type { SearchBackendEnv } from "../env";
import type { StockChanged } from "../stock/stock-store";
import { searchBackendOf } from "./backend";

/**
 * A message of the search push queue: site's stock reached `version` (push the changes after what the index holds),
 * or `resync`: the reconciliation found drift and the site is pushed whole.
 */
export const searchPushMessageSchema = z.object({
  site: z.string().min(1),
  version: z.number().int().min(0),
  resync: z.boolean().optional(),
});
export type SearchPushMessage = z.infer<typeof searchPushMessageSchema>;

/**
 * What the stock store calls after a committed change: with Algolia, the change goes on the push queue. A failed
 * send is the caller's to log; the scheduled reconciliation queues the site again.
 */
export function stockChangeNotifier(env: SearchBackendEnv): StockChanged {
  return async (change) => {
    if (searchBackendOf(env).kind !== "algolia") return;
    if (!env.SEARCH_PUSH_QUEUE) throw new Error("SEARCH_BACKEND=algolia needs the SEARCH_PUSH_QUEUE queue binding");
    await env.SEARCH_PUSH_QUEUE.send(change, { contentType: "json" });
  };
}
