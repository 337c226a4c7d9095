import { mailProviderUrlProblem, type SiteConfig } from "@dealer/shared/config";
import { isLocalDev } from "@dealer/shared/dev-faults";
import { type SiteSecrets, siteSecrets } from "@dealer/shared/secrets";
import { guardedPost, type WebhookPolicy, webhookPolicy } from "@dealer/shared/outbound-guard";
import type { Env } from "../env";

export type ShopperMail = {
  site: string;
  to: string;
  subject: string;
  body: string;
  /** The same mail as HTML (the provider sends both; a mail app shows the one it can). */
  html?: string;
  /** Files sent with it, as text: a booking's calendar invitation (text/calendar). */
  attachments?: { filename: string; contentType: string; content: string }[];
  /** The same key for a resent mail: a provider that took the first try does not send it twice. */
  idempotencyKey?: string;
};
/** Sends one e-mail to a shopper; throws MailNotSent when it could not be handed over. */
export type EmailSender = (mail: ShopperMail) => Promise<void>;

/** Why a shopper's mail was not handed over, in words for the log (never shown to the shopper). */
export class MailNotSent extends Error {}

/** A provider that has not answered by then is treated as down: the shopper is waiting on the answer. */
export const MAIL_PROVIDER_TIMEOUT_MS = 5_000;

type MailConfig = SiteConfig["shopperEmail"];

/** UTF-8 text as base64. */
const base64 = (text: string) => btoa(Array.from(new TextEncoder().encode(text), (byte) => String.fromCharCode(byte)).join(""));

/** Whether this site can mail its shoppers at all: a provider, or a local session's outbox. */
export const canMailShoppers = (env: Env, config: MailConfig) => (config.provider === "http" && Boolean(config.url && config.from)) || isLocalDev(env);

/**
 * Shopper mail for one site (ADR 0030): through its transactional provider when `shopperEmail` names one; else
 * the email_outbox table, which the developer and the tests read through GET /api/auth/email-outbox, under
 * wrangler dev only. A deployed site without a provider sends no shopper mail (MailNotSent), rather than
 * telling a shopper a code is on its way that nobody will send.
 */
export function emailSender(env: Env, config: MailConfig, fetcher: typeof fetch = fetch): EmailSender {
  if (config.provider === "http" && config.url && config.from) {
    const provider = { url: config.url, from: config.from, apiKeySlot: config.apiKeySlot, urlProblem: mailProviderUrlProblem(config.url, env) };
    return httpMailSender(provider, (site) => siteSecrets(env, site), webhookPolicy(env), fetcher);
  }
  if (!isLocalDev(env)) {
    return async () => {
      throw new MailNotSent("this site names no mail provider (shopperEmail): the outbox is for local sessions only");
    };
  }
  return async (mail) => {
    await env.DB.prepare("INSERT INTO email_outbox (site, recipient, subject, body, html, attachments, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
      .bind(mail.site, mail.to, mail.subject, mail.body, mail.html ?? null, mail.attachments ? JSON.stringify(mail.attachments) : null, new Date().toISOString())
      .run();
  };
}

type MailProvider = { url: string; from: string; apiKeySlot: string | null; urlProblem: string | null };

/**
 * A transactional provider's send call, in Resend's shape (`POST /emails`): JSON `{from, to: [..], subject,
 * text}` with `Authorization: Bearer {key}` and an `Idempotency-Key`; any 2xx is accepted. The URL is one the
 * operator allows and passes the webhook guard (https to a public address outside a local session); the key is
 * the mail's own site's slot (ADR 0056), read for that site alone.
 */
function httpMailSender(provider: MailProvider, secretsOf: (site: string) => SiteSecrets, policy: WebhookPolicy, fetcher: typeof fetch): EmailSender {
  return async (mail) => {
    if (provider.urlProblem) throw new MailNotSent(`the mail provider's address is refused: ${provider.urlProblem}`);
    const key = await secretsOf(mail.site)
      .read(provider.apiKeySlot)
      .catch((error: unknown) => {
        throw new MailNotSent(`the mail provider's key is unavailable: ${error instanceof Error ? error.message : String(error)}`);
      });
    let response: Response;
    try {
      response = await guardedPost(
        provider.url,
        {
          method: "POST",
          headers: {
            authorization: `Bearer ${key}`,
            "content-type": "application/json",
            ...(mail.idempotencyKey ? { "idempotency-key": mail.idempotencyKey } : {}),
          },
          body: JSON.stringify({
            from: provider.from,
            to: [mail.to],
            subject: mail.subject,
            text: mail.body,
            ...(mail.html ? { html: mail.html } : {}),
            // Resend's shape: base64 content with its file name and type.
            ...(mail.attachments
              ? { attachments: mail.attachments.map((file) => ({ filename: file.filename, content_type: file.contentType, content: base64(file.content) })) }
              : {}),
          }),
          signal: AbortSignal.timeout(MAIL_PROVIDER_TIMEOUT_MS),
        },
        policy,
        fetcher,
      );
    } catch (error) {
      const timedOut = error instanceof Error && error.name === "TimeoutError";
      throw new MailNotSent(`mail provider ${timedOut ? `gave no answer in ${MAIL_PROVIDER_TIMEOUT_MS} ms` : `unreachable: ${error instanceof Error ? error.message : String(error)}`}`);
    }
    const answer = (await response.text().catch(() => "")).slice(0, 200);
    if (!response.ok) throw new MailNotSent(`mail provider answered ${response.status}: ${answer}`);
  };
}
