import type { Env } from "../env";

export type ShopperMail = { site: string; to: string; subject: string; body: string };
/** Sends one e-mail to a shopper; throws when it could not be handed over. */
export type EmailSender = (mail: ShopperMail) => Promise<void>;

/**
 * The e-mail adapter for shopper mail (ADR 0027), the lead pipeline's (ADR 0021): with the send_email
 * binding, Cloudflare sends it from LEAD_EMAIL_FROM; without it, the email_outbox table, which the
 * developer and the tests read through GET /api/auth/email-outbox (development only).
 */
export function emailSender(env: Env): EmailSender {
  const binding = env.SEND_EMAIL;
  if (binding) {
    return async (mail) => {
      await binding.send({ from: env.LEAD_EMAIL_FROM ?? `no-reply@${mail.site}.dealers.local`, to: mail.to, subject: mail.subject, text: mail.body });
    };
  }
  return async (mail) => {
    await env.DB.prepare("INSERT INTO email_outbox (site, recipient, subject, body, created_at) VALUES (?, ?, ?, ?, ?)")
      .bind(mail.site, mail.to, mail.subject, mail.body, new Date().toISOString())
      .run();
  };
}
