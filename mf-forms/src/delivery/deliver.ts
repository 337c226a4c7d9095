import type { Env, LeadMessage } from "../env";
import { storedRecordOf } from "../leads/stored-record";
import { type ReceiptChannel, receiptsFor, sendReceipt } from "../receipts/send";
import { type DeliverableLead, type LeadProvider, leadAdf, leadEmail, leadJson, signWebhook } from "../lead-formats/formats";
import { guardedPost, webhookPolicy } from "@dealer/shared/outbound-guard";

/** Where one lead goes: the dealership's mail (outbox locally) and each configured webhook or address. */
export type Destination =
  | { name: string; kind: "email"; recipient: string }
  | { name: string; kind: "webhook"; url: string; format: "json" | "adf"; version: 1 | 2; secret: string | null }
  /** The shopper's own receipt of their lead, through the site's mail provider or the SMS adapter. */
  | { name: string; kind: "receipt"; channel: ReceiptChannel };

const WEBHOOK_TIMEOUT_MS = 10_000;
/** Backoff between the queue's tries: 2 s, 4 s, 8 s ... at most 5 minutes. */
export const retryDelaySeconds = (attempts: number) => Math.min(300, 2 ** Math.max(1, attempts));

type LeadRow = { id: number; site: string; kind: string; created_at: string; car_id: number | null; dealership_id: number; location_id: number | null; dealership_slug: string | null; delivery_status: string; data: string };

async function loadLead(db: D1Database, leadId: number): Promise<(DeliverableLead & { status: string }) | null> {
  const row = await db
    .prepare(
      `SELECT l.id, l.site, l.kind, l.created_at, l.car_id, l.dealership_id, l.location_id, d.slug AS dealership_slug, l.delivery_status, l.data
         FROM leads l LEFT JOIN dealerships d ON d.id = l.dealership_id WHERE l.id = ?`,
    )
    .bind(leadId)
    .first<LeadRow>();
  if (!row) return null;
  return {
    id: row.id, site: row.site, kind: row.kind, createdAt: row.created_at, carId: row.car_id, dealershipId: row.dealership_id,
    dealershipSlug: row.dealership_slug, status: row.delivery_status, lead: JSON.parse(row.data) as DeliverableLead["lead"],
    record: { lead_id: row.id, ...(await storedRecordOf(db, row)) },
  };
}

/** The platform as the ADF provider: LEAD_PROVIDER_NAME, _URL and _EMAIL, else the platform's name and the site's address. */
export function leadProvider(env: Env): LeadProvider {
  return { name: env.LEAD_PROVIDER_NAME ?? "Dealer platform", url: env.LEAD_PROVIDER_URL ?? null, email: env.LEAD_PROVIDER_EMAIL ?? env.LEAD_EMAIL_FROM ?? null };
}

/** The destination every lead has: the dealership's mailbox in the outbox. */
const DEALERSHIP_OUTBOX = "email:dealership";

/** The dealership's own inbox address for the local outbox (no real mail leaves a developer's machine). */
export const dealershipInbox = (lead: Pick<DeliverableLead, "site" | "dealershipSlug">) => `leads@${lead.dealershipSlug ?? lead.site}.dealers.local`;

type DestinationRow = { id: number; kind: "webhook" | "email"; target: string; format: "json" | "adf"; version: 1 | 2; secret: string | null; location_id: number | null; department: string | null };

/**
 * Where a lead goes: the dealership's mailbox, plus its destinations. A destination may be for one location or
 * one department (sales, service, parts): when any of the dealership's destinations is for this lead's location
 * or department, the lead goes to those (and to the site-wide ones) instead of the dealership's general ones.
 */
export async function destinationsFor(db: D1Database, lead: DeliverableLead): Promise<Destination[]> {
  const { results } = await db
    .prepare(
      `SELECT id, kind, target, format, version, secret, location_id, department FROM lead_destinations
        WHERE site = ? AND (dealership_id IS NULL OR dealership_id = ?)
          AND (location_id IS NULL OR location_id = ?) AND (department IS NULL OR department = ?) ORDER BY id`,
    )
    .bind(lead.site, lead.dealershipId, lead.record.location?.id ?? null, lead.record.department)
    .all<DestinationRow>();
  const routed = results.some((row) => row.location_id !== null || row.department !== null);
  const chosen = routed ? results.filter((row) => row.location_id !== null || row.department !== null) : results;
  const configured: Destination[] = chosen.map((row) =>
    row.kind === "webhook"
      ? { name: `webhook:${row.id}`, kind: "webhook", url: row.target, format: row.format, version: row.version, secret: row.secret }
      : { name: `email:${row.id}`, kind: "email", recipient: row.target },
  );
  return [{ name: DEALERSHIP_OUTBOX, kind: "email", recipient: dealershipInbox(lead) }, ...configured];
}

/** Everyone a lead goes to: the dealership's destinations, then the shopper's receipts (logged and retried the same way). */
async function everyDestination(env: Env, lead: DeliverableLead): Promise<Destination[]> {
  const receipts = (await receiptsFor(env, lead.record)).map((channel): Destination => ({ name: `receipt:${channel}`, kind: "receipt", channel }));
  return [...(await destinationsFor(env.DB, lead)), ...receipts];
}

async function send(env: Env, lead: DeliverableLead & { resend: boolean }, destination: Destination, fetcher: typeof fetch): Promise<void> {
  if (destination.kind === "receipt") {
    await sendReceipt(env, lead.record, destination.channel, lead.createdAt);
    return;
  }
  if (destination.kind === "email") {
    // Every mail is kept in the outbox the dealer reads (the inbox page, GET /api/leads/outbox).
    const mail = leadEmail(lead);
    await env.DB.prepare(
      "INSERT INTO lead_outbox (lead_id, site, recipient, subject, body, html, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (lead_id, recipient) DO NOTHING",
    )
      .bind(lead.id, lead.site, destination.recipient, mail.subject, mail.body, mail.html, new Date().toISOString())
      .run();
    // In production the addresses a dealer added are also sent through the send_email binding (ADR 0021);
    // a failed send throws, so the queue retries it like a webhook. The built-in dealership mailbox is the outbox.
    if (env.SEND_EMAIL && destination.name !== DEALERSHIP_OUTBOX) {
      await env.SEND_EMAIL.send({
        from: env.LEAD_EMAIL_FROM ?? `leads@${lead.site}.dealers.local`,
        to: destination.recipient,
        subject: mail.subject,
        text: mail.body,
        html: mail.html,
        headers: { "X-Lead-Id": String(lead.id) },
      });
    }
    return;
  }
  const body = destination.format === "adf" ? leadAdf(lead, leadProvider(env), dealershipInbox(lead), lead.resend) : leadJson(lead, destination.version);
  const timestamp = Math.floor(Date.now() / 1000);
  const headers: Record<string, string> = {
    "content-type": destination.format === "adf" ? "application/xml" : "application/json",
    "x-lead-id": String(lead.id),
    ...(destination.format === "json" ? { "x-lead-schema-version": String(destination.version) } : {}),
    "x-lead-timestamp": String(timestamp),
    // The receiver can drop a lead it has seen: deliveries are at least once.
    "idempotency-key": `lead-${lead.site}-${lead.id}`,
  };
  if (destination.secret) headers["x-lead-signature"] = `sha256=${await signWebhook(destination.secret, timestamp, body)}`;
  // The URL (and any redirect) is checked on every send: a destination stored before the guard, or a host
  // whose DNS has since changed, is refused like a new one.
  const response = await guardedPost(destination.url, { method: "POST", headers, body, signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS) }, webhookPolicy(env), fetcher);
  await response.body?.cancel();
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
}

/**
 * One delivery attempt of a lead to every destination that has not taken it yet; each destination's
 * attempts, state and last error are logged in lead_deliveries. True when every destination has it.
 */
export async function deliverLead(env: Env, leadId: number, fetcher: typeof fetch = fetch): Promise<boolean> {
  const lead = await loadLead(env.DB, leadId);
  if (!lead || lead.status === "delivered") return true;
  const { results: done } = await env.DB.prepare("SELECT destination, status FROM lead_deliveries WHERE lead_id = ?").bind(leadId).all<{ destination: string; status: string }>();
  const delivered = new Set(done.filter((row) => row.status === "delivered").map((row) => row.destination));
  // A destination tried before gets the ADF prospect as a resend.
  const tried = new Set(done.map((row) => row.destination));
  const errors: string[] = [];
  for (const destination of await everyDestination(env, lead)) {
    if (delivered.has(destination.name)) continue;
    let error: string | null = null;
    try {
      await send(env, { ...lead, resend: tried.has(destination.name) }, destination, fetcher);
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
      errors.push(`${destination.name}: ${error}`);
    }
    await env.DB.prepare(
      `INSERT INTO lead_deliveries (lead_id, destination, status, attempts, last_error, updated_at) VALUES (?1, ?2, ?3, 1, ?4, ?5)
       ON CONFLICT (lead_id, destination) DO UPDATE SET status = ?3, attempts = attempts + 1, last_error = COALESCE(?4, last_error), updated_at = ?5`,
    )
      .bind(leadId, destination.name, error ? "pending" : "delivered", error, new Date().toISOString())
      .run();
  }
  const ok = errors.length === 0;
  await env.DB.prepare(
    `UPDATE leads SET attempts = attempts + 1, last_error = ?, delivery_status = CASE WHEN ? THEN 'delivered' ELSE delivery_status END,
            delivered_at = CASE WHEN ? THEN ? ELSE delivered_at END WHERE id = ?`,
  )
    .bind(ok ? null : errors.join("; "), ok ? 1 : 0, ok ? 1 : 0, new Date().toISOString(), leadId)
    .run();
  return ok;
}

/** Queue consumer: ack a delivered lead, retry the rest with backoff; after the last try the queue dead-letters it. */
export async function consumeLeads(batch: MessageBatch<LeadMessage>, env: Env, fetcher: typeof fetch = fetch): Promise<void> {
  for (const message of batch.messages) {
    try {
      if (await deliverLead(env, message.body.leadId, fetcher)) message.ack();
      else message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    } catch (error) {
      console.error("[mf-forms] lead delivery failed", message.body, error);
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}

/** Dead-letter consumer: the lead stays stored and readable; it is marked failed for the dealer and the logs. */
export async function consumeDeadLetters(batch: MessageBatch<LeadMessage>, env: Env): Promise<void> {
  const ids = batch.messages.map((message) => message.body.leadId).filter((id) => Number.isInteger(id));
  if (ids.length) {
    await env.DB.prepare(`UPDATE leads SET delivery_status = 'failed' WHERE delivery_status = 'pending' AND id IN (${ids.map(() => "?").join(",")})`)
      .bind(...ids)
      .run();
    await env.DB.prepare(`UPDATE lead_deliveries SET status = 'failed' WHERE status = 'pending' AND lead_id IN (${ids.map(() => "?").join(",")})`)
      .bind(...ids)
      .run();
  }
  for (const message of batch.messages) message.ack();
}
