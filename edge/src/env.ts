import type { InsightEvent } from "@dealer/shared/insights";
import type { ProviderPolicyEnv } from "@dealer/shared/config";
import type { RemoteName } from "@dealer/shared/fragment";
import type { SearchPushEnv } from "@dealer/shared/search-backend";
import type { SecretsEnv } from "@dealer/shared/secrets";

/** Bindings of the gateway Worker (see edge/wrangler.jsonc). */
export type GatewayEnv = SecretsEnv & ProviderPolicyEnv & SearchPushEnv & {
  DB: D1Database;
  /** Shell client assets (shell/dist/client). */
  ASSETS: Fetcher;
  /** Hot tenant lookups: host -> site record, kept for a short time. */
  TENANTS: KVNamespace;
  MF_SEARCH?: Fetcher;
  MF_VEHICLE?: Fetcher;
  MF_FORMS?: Fetcher;
  MF_LOCATIONS?: Fetcher;
  MF_FINANCE?: Fetcher;
  /** A dealer's photos (ADR 0067): their copies by {site}/{hash}, and the Images binding that sizes and encodes them. */
  PHOTOS?: R2Bucket;
  IMAGES?: ImagesBinding;
  /** The dealer console (/dealer/*, ADR 0069). */
  MF_DEALER?: Fetcher;
  /** Car page views on their way to the console's daily counts (ADR 0070). */
  INSIGHTS_QUEUE?: Queue<InsightEvent>;
  SHELL_BUILD_ID: string;
  SHELL_ENTRY: string;
  /** Comma-separated start-up chunks of the shell's build, preloaded from the head. */
  SHELL_PRELOADS?: string;
  /** Per-slot budget in ms before the slot falls back to client rendering. */
  SLOT_TIMEOUT_MS?: string;
  /** "on" only in local `.dev.vars` (shared/src/fragment/dev-faults.ts). */
  LOCAL_DEV?: string;
  /** The search backend (shared/src/search-backend): with Algolia, pages may connect to its hosts. */
  SEARCH_BACKEND?: string;
  ALGOLIA_APP_ID?: string;
  ALGOLIA_HOSTS?: string;
};

const bindingByRemote = {
  "mf-search": "MF_SEARCH",
  "mf-vehicle": "MF_VEHICLE",
  "mf-forms": "MF_FORMS",
  "mf-locations": "MF_LOCATIONS",
  "mf-finance": "MF_FINANCE",
  "mf-dealer": "MF_DEALER",
} as const satisfies Record<RemoteName, keyof GatewayEnv>;

/** A missing binding is a remote not deployed: its slots fall back, nothing else breaks. */
export function remoteBinding(env: GatewayEnv, remote: RemoteName): Fetcher | undefined {
  return env[bindingByRemote[remote]];
}

export const DEFAULT_SLOT_TIMEOUT_MS = 1500;

export function slotTimeoutMs(env: GatewayEnv): number {
  const value = Number(env.SLOT_TIMEOUT_MS);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_SLOT_TIMEOUT_MS;
}
