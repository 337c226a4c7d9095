import type { RemoteEnv } from "@dealer/shared/fragment-server";

/**
 * Bindings of this remote's Worker: the common ones, the platform's D1 database, and the finance quote
 * provider's address and key (secrets; without them quotes come from the site's own rates), and mf-search, which
 * counts the site's stock for the budget finder.
 */
export type Env = RemoteEnv & { DB: D1Database; YOUX_API_URL?: string; YOUX_API_KEY?: string; MF_SEARCH?: Fetcher };
