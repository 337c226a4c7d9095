import { resolveSiteConfig } from "@dealer/shared/config";
import { isLocalDev } from "@dealer/shared/dev-faults";
import { bodyLimit, newSessionToken } from "@dealer/shared/http";
import {
  ALERT_CHANNELS,
  type AlertChannel,
  ALERTS_CONSENT_TEXTS,
  ALERTS_PATH_UNSUBSCRIBE,
  alertSubject,
  alertText,
  EMAIL_NOT_CONFIRMED_MESSAGE,
  GARAGE_PATH,
  vehiclePath,
} from "@dealer/shared/rules";
import { Hono } from "hono";
import type { Env } from "../env";
import { ACCOUNT_BODY_MAX_BYTES, isFailure, readAccountRequest, textField, UNAVAILABLE_MESSAGE } from "./request";
import { type EmailSender, emailSender } from "./email";
import { smsSender } from "./sms";

type PendingAlert = {
  id: number;
  kind: "price_drop" | "sold";
  old_price: number | null;
  new_price: number | null;
  phone: string;
  /** The confirmed e-mail, when the shopper chose alerts by e-mail. */
  email: string | null;
  channel: AlertChannel;
  site: string;
  /** The site's stored config override: its shopperEmail names the mail provider. */
  site_config: string;
  origin: string;
  unsubscribe_token: string;
  name: string | null;
  slug: string | null;
};

/**
 * Sends the alerts the database queued (watch_alerts, written by the triggers of migration 0004 when a stock
 * write lowers a watched car's price or marks it sold) to shoppers still subscribed, by the channel each chose
 * (SMS, or e-mail to their confirmed address); each is marked sent first, so a retry never sends twice. Runs on the cron; locally also through POST /api/alerts/dispatch.
 */
export async function sendWatchAlerts(env: Env): Promise<number> {
  const pending = await env.DB.prepare(
    `SELECT a.id, a.kind, a.old_price, a.new_price, u.phone, CASE WHEN u.email_verified_at IS NOT NULL THEN u.email END AS email, s.channel, u.site, site.config AS site_config, s.origin, s.unsubscribe_token, json_extract(v.data, '$.name') AS name, v.slug
     FROM watch_alerts a JOIN users u ON u.id = a.user_id JOIN sites site ON site.slug = u.site
     JOIN alert_subscriptions s ON s.user_id = a.user_id AND s.unsubscribed_at IS NULL
     LEFT JOIN vehicles v ON v.id = a.car_id
     WHERE a.sent_at IS NULL ORDER BY a.id LIMIT 100`,
  ).all<PendingAlert>();
  const text = smsSender(env);
  // Each site's own mail provider, made once per sweep.
  const mailers = new Map<string, EmailSender>();
  const mailerFor = (alert: PendingAlert) => {
    let mailer = mailers.get(alert.site);
    if (!mailer) {
      mailer = emailSender(env, resolveSiteConfig(alert.site, JSON.parse(alert.site_config) as Record<string, unknown>).shopperEmail);
      mailers.set(alert.site, mailer);
    }
    return mailer;
  };
  let sent = 0;
  for (const alert of pending.results) {
    const claimed = await env.DB.prepare("UPDATE watch_alerts SET sent_at = ? WHERE id = ? AND sent_at IS NULL RETURNING id").bind(new Date().toISOString(), alert.id).first();
    if (!claimed) continue;
    const carName = alert.name ?? "A car";
    const body = alertText({
      kind: alert.kind,
      carName,
      oldPrice: alert.old_price,
      newPrice: alert.new_price,
      link: `${alert.origin}${alert.slug ? vehiclePath(alert.slug) : "/search"}`,
      unsubscribe: `${alert.origin}${ALERTS_PATH_UNSUBSCRIBE}?token=${alert.unsubscribe_token}`,
    });
    try {
      if (alert.channel === "email" && alert.email) {
        await mailerFor(alert)({ site: alert.site, to: alert.email, subject: alertSubject({ kind: alert.kind, carName }), body, idempotencyKey: `watch-alert-${alert.id}` });
      } else await text({ site: alert.site, to: alert.phone, body });
      sent += 1;
    } catch (error) {
      // Unmarked, so the next sweep tries again (an e-mail under the same idempotency key).
      console.error(`[mf-forms] alert ${alert.id} (${alert.channel}, ${alert.site}) not sent, retried on the next sweep: ${error instanceof Error ? error.message : String(error)}`);
      await env.DB.prepare("UPDATE watch_alerts SET sent_at = NULL WHERE id = ?").bind(alert.id).run();
    }
  }
  return sent;
}

/**
 * POST /api/alerts {opt_in, channel}: the signed-in shopper turns price-drop and sold alerts on, by SMS (the
 * default) or e-mail once their address is confirmed (the channel's consent text and the time are recorded),
 * or off. POST /api/alerts/unsubscribe {token}: the one-tap unsubscribe of the link in each
 * text, no sign-in needed. Both also take plain form posts (303 back to the page).
 */
export function createAlertApi() {
  const app = new Hono<{ Bindings: Env }>();
  const limit = bodyLimit(ACCOUNT_BODY_MAX_BYTES);

  app.post("/api/alerts", limit, async (c) => {
    const request = await readAccountRequest(c);
    if (isFailure(request)) return c.json({ success: false, message: request.message }, request.status);
    if (!request.session) return c.json({ success: false, message: "Please sign in first." }, 401);
    const on = ["on", "true", "1"].includes(textField(request.body, "opt_in")) || request.body.opt_in === true;
    const asked = textField(request.body, "channel");
    const channel: AlertChannel = (ALERT_CHANNELS as readonly string[]).includes(asked) ? (asked as AlertChannel) : "sms";
    if (on && channel === "email") {
      const confirmed = await c.env.DB.prepare("SELECT 1 AS yes FROM users WHERE id = ? AND email_verified_at IS NOT NULL").bind(request.session.userId).first();
      if (!confirmed) {
        if (request.format === "form") return c.redirect(`${GARAGE_PATH}?${new URLSearchParams({ email_error: EMAIL_NOT_CONFIRMED_MESSAGE })}#email`, 303);
        return c.json({ success: false, message: EMAIL_NOT_CONFIRMED_MESSAGE }, 400);
      }
    }
    const now = new Date().toISOString();
    const origin = new URL(c.req.url).origin;
    await (on
      ? c.env.DB.prepare(
          `INSERT INTO alert_subscriptions (user_id, channel, consent_text, consented_at, origin, unsubscribe_token) VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (user_id) DO UPDATE SET channel = excluded.channel, consent_text = excluded.consent_text, consented_at = excluded.consented_at, origin = excluded.origin, unsubscribed_at = NULL`,
        ).bind(request.session.userId, channel, ALERTS_CONSENT_TEXTS[channel], now, origin, newSessionToken())
      : c.env.DB.prepare("UPDATE alert_subscriptions SET unsubscribed_at = ? WHERE user_id = ?").bind(now, request.session.userId)
    ).run();
    if (request.format === "form") return c.redirect(`${GARAGE_PATH}#alerts`, 303);
    return c.json({ success: true, alerts: on, ...(on ? { channel } : {}) });
  });

  app.post("/api/alerts/unsubscribe", limit, async (c) => {
    const request = await readAccountRequest(c);
    if (isFailure(request)) return c.json({ success: false, message: request.message }, request.status);
    const token = textField(request.body, "token");
    const done = /^[A-Za-z0-9_-]{43}$/.test(token)
      ? await c.env.DB.prepare(
          "UPDATE alert_subscriptions SET unsubscribed_at = coalesce(unsubscribed_at, ?) WHERE unsubscribe_token = ? AND user_id IN (SELECT id FROM users WHERE site = ?) RETURNING user_id",
        )
          .bind(new Date().toISOString(), token, request.site.slug)
          .first()
      : null;
    if (request.format === "form") return c.redirect(`${ALERTS_PATH_UNSUBSCRIBE}?${done ? "done=1" : "unknown=1"}`, 303);
    return done ? c.json({ success: true }) : c.json({ success: false, message: "This unsubscribe link is not valid." }, 404);
  });

  app.post("/api/alerts/dispatch", async (c) => {
    if (!isLocalDev(c.env)) return c.json({ message: "Not found" }, 404);
    try {
      return c.json({ sent: await sendWatchAlerts(c.env) });
    } catch (error) {
      console.error("[mf-forms] alert dispatch failed", error);
      return c.json({ message: UNAVAILABLE_MESSAGE }, 503);
    }
  });

  return app;
}
