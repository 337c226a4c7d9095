import type { ProviderPolicyEnv } from "@dealer/shared/config";
import type { RemoteEnv } from "@dealer/shared/fragment-server";
import type { InsightRefresh } from "@dealer/shared/insights";
import type { SearchPushEnv } from "@dealer/shared/search-backend";

/** Bindings of the dealer console's Worker (wrangler.jsonc). */
export type Env = RemoteEnv &
  ProviderPolicyEnv &
  SearchPushEnv & {
    DB: D1Database;
    /** The tenant cache the gateway reads (the same KV namespace): a publish points it at the new version (ADR 0046). */
    TENANTS?: KVNamespace;
    /** mf-forms: the lead, sign-in and invitation APIs the console calls with the staff member's cookie (ADR 0069). */
    MF_FORMS?: Fetcher;
    /** mf-search: the stock API's photo routes, called with the staff member's cookie (ADR 0078). */
    MF_SEARCH?: Fetcher;
    /** The insights queue this Worker consumes: a view that read something behind asks it for a refresh (ADR 0111). */
    INSIGHTS_QUEUE?: Queue<InsightRefresh>;
  };
