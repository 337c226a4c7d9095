import type { SearchBackendEnv } from "../env";
import type { StockChanged } from "../stock/stock-store";
import { searchBackendOf } from "./backend";

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
