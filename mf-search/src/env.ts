import type { RemoteEnv } from "@dealer/shared/fragment-server";

export type Env = RemoteEnv & {
  DB: D1Database;
  /** Heap the vehicle indexes of an isolate may take, in MB (ADR 0034); the default fits a 25,000-vehicle site. */
  SEARCH_INDEX_BUDGET_MB?: string;
};
