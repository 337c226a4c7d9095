import type { RemoteEnv } from "@dealer/shared/fragment-server";
import type { SecretsEnv } from "@dealer/shared/secrets";

/** A lead delivery queue message: the stored lead to deliver (delivery/queue.ts sends it, delivery/deliver.ts consumes it). */
export type LeadMessage = { leadId: number };

/** Bindings of this remote's Worker: the common ones, the platform's D1 database and the lead queue. */
export type Env = RemoteEnv & AccountEnv & SecretsEnv & {
  DB: D1Database;
  /** Producer of the lead delivery queue (consumed by this same Worker). */
  LEAD_QUEUE?: Queue<LeadMessage>;
  /** "count/seconds" leads per client and site (default 20/60). */
  LEAD_RATE_LIMIT?: string;
  /** Cloudflare Turnstile secret; unset (locally) turns the check off. */
  TURNSTILE_SECRET?: string;
  /** mf-search: reservations mark a car reserved through its stock API (ADR 0007, 0019). */
  MF_SEARCH?: Fetcher;
  /** Shopper mail providers the operator allows (comma-separated URLs; a URL ending in / allows what is under it). */
  MAIL_PROVIDER_URLS?: string;
  /** Signs the local test processor's webhooks (a development value, not a secret). */
  TEST_PAYMENT_WEBHOOK_SECRET?: string;
  /** Cloudflare's send_email binding (production only): lead mail to the e-mail destinations a dealer added (shopper mail goes through the site's mail provider, ADR 0030). */
  SEND_EMAIL?: { send(message: { from: string; to: string; subject: string; text: string; html?: string; headers?: Record<string, string> }): Promise<unknown> };
  /** The sender address of lead mail (a verified address of the platform's mail domain). */
  LEAD_EMAIL_FROM?: string;
  /** The platform as the ADF provider dealer CRMs see (ADR 0037): its name, address and leads contact e-mail. */
  LEAD_PROVIDER_NAME?: string;
  LEAD_PROVIDER_URL?: string;
  LEAD_PROVIDER_EMAIL?: string;
  /** Signs the change-or-cancel link of a booking's receipt (a secret; wrangler dev uses a development value). */
  LEAD_LINK_SECRET?: string;
  /** The tenant cache the gateway reads (the same KV namespace): a config publish points it at the new version (ADR 0046). */
  TENANTS?: KVNamespace;
};

/** Accounts (ADR 0016): the code hashing key and the SMS provider; without a provider, texts go to the local outbox. */
export type AccountEnv = {
  /** HMAC key for one-time codes (a secret in production; wrangler.jsonc has a development value). */
  AUTH_CODE_SECRET?: string;
  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
  SMS_FROM?: string;
  SMS_API_BASE?: string;
};
