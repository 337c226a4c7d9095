import type { RemoteEnv } from "@dealer/shared/fragment-server";
import type { LeadMessage } from "./delivery/queue";

/** Bindings of this remote's Worker: the common ones, the platform's D1 database and the lead queue. */
export type Env = RemoteEnv & {
  DB: D1Database;
  /** Producer of the lead delivery queue (consumed by this same Worker). */
  LEAD_QUEUE?: Queue<LeadMessage>;
  /** "count/seconds" leads per client and site (default 20/60). */
  LEAD_RATE_LIMIT?: string;
  /** Cloudflare Turnstile secret; unset (locally) turns the check off. */
  TURNSTILE_SECRET?: string;
  /** "true" only in local .dev.vars: webhooks may be http and private (the test receiver on 127.0.0.1). */
  LEAD_WEBHOOKS_ALLOW_LOCAL?: string;
  /** Cloudflare's send_email binding (production only): mail to the e-mail destinations a dealer added. */
  SEND_EMAIL?: { send(message: { from: string; to: string; subject: string; text: string; headers?: Record<string, string> }): Promise<unknown> };
  /** The sender address of lead mail (a verified address of the platform's mail domain). */
  LEAD_EMAIL_FROM?: string;
};
