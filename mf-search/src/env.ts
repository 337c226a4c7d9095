import type { RemoteEnv } from "@dealer/shared/fragment-server";

export type Env = RemoteEnv & { DB: D1Database };
