import type { RemoteEnv } from "@dealer/shared/fragment-server";

/** Bindings of this remote's Worker: the common ones plus the platform's D1 database. */
export type Env = RemoteEnv & { DB: D1Database };
