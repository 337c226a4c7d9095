import type { Env } from "../env";

export type TextMessage = { site: string; to: string; body: string };
/** Sends one text message; throws when it could not be handed over. */
export type SmsSender = (message: TextMessage) => Promise<void>;

/**
 * The SMS adapter (ADR 0016), beside the lead pipeline's delivery adapters: with TWILIO_ACCOUNT_SID,
 * TWILIO_AUTH_TOKEN and SMS_FROM set, Twilio's Messages API (SMS_API_BASE points it at another
 * Twilio-compatible endpoint); otherwise the local outbox, the sms_outbox table the developer and the
 * tests read through GET /api/auth/sms-outbox (development only).
 */
export function smsSender(env: Env): SmsSender {
  const { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: token, SMS_FROM: from } = env;
  if (sid && token && from) return twilioSender(env.SMS_API_BASE ?? "https://api.twilio.com", sid, token, from);
  return (message) => outboxSender(env.DB, message);
}

async function outboxSender(db: D1Database, message: TextMessage): Promise<void> {
  await db
    .prepare("INSERT INTO sms_outbox (site, recipient, body, created_at) VALUES (?, ?, ?, ?)")
    .bind(message.site, message.to, message.body, new Date().toISOString())
    .run();
}

function twilioSender(base: string, sid: string, token: string, from: string): SmsSender {
  return async (message) => {
    const response = await fetch(`${base}/2010-04-01/Accounts/${encodeURIComponent(sid)}/Messages.json`, {
      method: "POST",
      headers: { authorization: `Basic ${btoa(`${sid}:${token}`)}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ To: message.to, From: from, Body: message.body }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`SMS provider answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  };
}
