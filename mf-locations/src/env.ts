import type { RemoteEnv } from "@dealer/shared/fragment-server";
import type { SecretsEnv } from "@dealer/shared/secrets";

/** Bindings of this remote's Worker: the common ones, the platform's D1 database and the key that opens a site's secret slots (a Places key). */
export type Env = RemoteEnv & SecretsEnv & { DB: D1Database };
