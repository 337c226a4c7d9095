import { auditStatement, fieldReasons } from "@dealer/shared/audit";
import { chatMessageSchema, LEAD_RECORD_VERSION, LEAD_STATUSES, type LeadRecord, type LeadStatus, type LeadUpdate, leadDepartmentSchema, leadRecordSchema, leadUpdateSchema, parseWithFieldErrors } from "@dealer/shared/contract";
import { bodyLimit } from "@dealer/shared/http";
import { requestKey } from "@dealer/shared/keys";
import { csvCell, type StaffPermission, staffMay } from "@dealer/shared/rules";
import { auditRefusedStaff, STAFF_NOT_ALLOWED, type Staff, staffActor, staffOfRequest } from "@dealer/shared/staff";
import { type Context, Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { replyToChat } from "../chat/api";
import { kindWords, leadSections } from "../lead-formats/lead-words";
import { sweepPendingLeads } from "../delivery/queue";
import { webhookPolicy, webhookUrlProblem } from "@dealer/shared/outbound-guard";
import type { Env } from "../env";
import type { Dealer } from "../leads/dealer";
import { type StoredRecord, withRecordDefaults } from "../leads/record";
import { RECORD_COLUMNS, recordCell } from "../leads/record-csv";

/** Who acts (audited) and whose name a note carries: the key's dealership, or the signed-in staff member. */
type DealerEnv = { Bindings: Env; Variables: { dealer: Dealer; actor: string; author: string; staff: Staff | null } };

const KEY_REQUIRED = "A valid dealership key is required (Authorization: Bearer <key>).";

/**
 * The dealership a key speaks for, on this host's site only: a key of another site (or another tenant's
 * host) is no key here, so no site ever lists another's leads (ADR 0057: the refusal is audited under the key's site).
 */
async function dealerForKey(c: Context<DealerEnv>): Promise<Dealer | null> {
  const grant = await requestKey(c, ["leads:read"]);
  if (!grant || grant.dealershipId === null) return null;
  return c.env.DB
    .prepare("SELECT site, id AS dealershipId, slug AS dealershipSlug, name AS dealershipName FROM dealerships WHERE id = ? AND site = ?")
    .bind(grant.dealershipId, grant.site)
    .first<Dealer>();
}

/**
 * A dealership key, or a signed-in staff member whose role allows `permission` on this host's site: the dealer
 * console (mf-dealer) calls these APIs with the staff member's cookie (ADR 0069). A key is never asked for a role.
 */
const requireDealer = (permission: StaffPermission) =>
  createMiddleware<DealerEnv>(async (c, next) => {
    const staff = c.req.header("authorization") ? null : await staffOfRequest(c.env.DB, c.req.header("host"), c.req.header("cookie"));
    if (staff) {
      if (!staffMay(staff.role, permission)) {
        await auditRefusedStaff(c.env.DB, staff, permission, `${c.req.method} ${new URL(c.req.url).pathname}`, [`the ${staff.role} role does not allow ${permission}`]);
        return c.json({ message: STAFF_NOT_ALLOWED }, 403);
      }
      c.set("dealer", staff);
      c.set("staff", staff);
      c.set("actor", staffActor(staff));
      c.set("author", staff.name ?? staff.email);
      return next();
    }
    const dealer = await dealerForKey(c);
    if (!dealer) return c.json({ message: KEY_REQUIRED }, 401);
    c.set("dealer", dealer);
    c.set("staff", null);
    c.set("actor", `key:write:${dealer.dealershipSlug}`);
    c.set("author", dealer.dealershipName);
    await next();
  });

/** A staff member's refused change to a lead is audited under them (ADR 0058); a key's answer says why, as before. */
async function refuse(c: Context<DealerEnv>, status: 400 | 404, attempted: "lead.update" | "chat.reply", message: string, fieldErrors?: Record<string, string[]>) {
  const staff = c.get("staff");
  if (staff) await auditRefusedStaff(c.env.DB, staff, attempted, `lead ${c.req.param("id")}`, fieldErrors ? fieldReasons(fieldErrors) : [message]);
  return c.json({ message, ...(fieldErrors ? { fieldErrors } : {}) }, status);
}

const STATUSES = ["pending", "delivered", "failed"] as const;
export const listQuerySchema = z.object({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  /** Delivery state (the platform's); lead_status is the dealership's own. */
  status: z.enum(STATUSES).optional(),
  lead_status: z.enum(LEAD_STATUSES).optional(),
  location: z.coerce.number().int().positive().optional(),
  format: z.enum(["json", "csv"]).default("json"),
  limit: z.coerce.number().int().min(1).max(10_000).default(200),
  /** words=1: each lead also in words, as the dealer's e-mail shows it (the console renders these; ADR 0069). */
  words: z.literal("1").optional(),
});

type LeadRow = {
  id: number;
  kind: string;
  created_at: string;
  queued_at: string | null;
  car_id: number | null;
  location_id: number | null;
  delivery_status: string;
  attempts: number;
  last_error: string | null;
  delivered_at: string | null;
  status: LeadStatus;
  assigned_to: string | null;
  booking: string | null;
  booking_cancelled_at: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  data: string;
};
type DeliveryRow = { lead_id: number; destination: string; status: string; attempts: number; last_error: string | null; updated_at: string };
type NoteRow = { lead_id: number; author: string; body: string; created_at: string };
type ChatRow = { id: number; lead_id: number; author: "shopper" | "dealer"; author_name: string | null; body: string; created_at: string; notified: string | null };
type EarlierRow = { id: number; kind: string; created_at: string; customer_email: string | null; customer_phone: string | null };

export async function listLeads(db: D1Database, dealer: Dealer, query: z.infer<typeof listQuerySchema>) {
  const where = ["site = ?", "dealership_id = ?"];
  const binds: unknown[] = [dealer.site, dealer.dealershipId];
  const filter = (clause: string, value: unknown) => {
    where.push(clause);
    binds.push(value);
  };
  if (query.from) filter("created_at >= ?", query.from);
  // 'to' is a whole day: everything before the next one.
  if (query.to) filter("created_at < date(?, '+1 day')", query.to);
  if (query.status) filter("delivery_status = ?", query.status);
  if (query.lead_status) filter("status = ?", query.lead_status);
  if (query.location) filter("location_id = ?", query.location);
  // The same selection as a subquery for each related table: D1 binds at most 100 parameters, a page holds up to 10,000 leads.
  const page = `SELECT id FROM leads WHERE ${where.join(" AND ")} ORDER BY id DESC LIMIT ?`;
  const pageBinds = [...binds, query.limit];
  const [leads, deliveries, notes, earlier, chats] = await db.batch([
    db.prepare(
      `SELECT id, kind, created_at, queued_at, car_id, location_id, delivery_status, attempts, last_error, delivered_at, status, assigned_to, booking, booking_cancelled_at,
              customer_email, customer_phone, data FROM leads WHERE ${where.join(" AND ")} ORDER BY id DESC LIMIT ?`,
    ).bind(...pageBinds),
    db.prepare(`SELECT * FROM lead_deliveries WHERE lead_id IN (${page}) ORDER BY destination`).bind(...pageBinds),
    db.prepare(`SELECT lead_id, author, body, created_at FROM lead_notes WHERE lead_id IN (${page}) ORDER BY id`).bind(...pageBinds),
    // The shopper's other leads with this dealership, by the same e-mail or phone (the inbox groups them).
    db.prepare(
      `SELECT id, kind, created_at, customer_email, customer_phone FROM leads WHERE site = ? AND dealership_id = ?
         AND (customer_email IN (SELECT customer_email FROM leads WHERE id IN (${page})) OR customer_phone IN (SELECT customer_phone FROM leads WHERE id IN (${page})))
         ORDER BY id DESC LIMIT 2000`,
    ).bind(dealer.site, dealer.dealershipId, ...pageBinds, ...pageBinds),
    // A chat lead's conversation (ADR 0049), oldest message first.
    db.prepare(`SELECT id, lead_id, author, author_name, body, created_at, notified FROM chat_messages WHERE lead_id IN (${page}) ORDER BY id`).bind(...pageBinds),
  ]);
  const others = (earlier?.results ?? []) as EarlierRow[];
  return ((leads?.results ?? []) as LeadRow[]).map((row) => {
    const lead = JSON.parse(row.data) as { values?: Record<string, unknown>; userData?: { url?: string }; credit_check?: Record<string, unknown>; record?: StoredRecord; disclaimer?: string };
    return {
      lead_id: row.id,
      kind: row.kind,
      created_at: row.created_at,
      // When the lead was (last) put on the delivery queue; null while it waits for a retry or the sweep.
      queued_at: row.queued_at,
      car_id: row.car_id,
      location_id: row.location_id,
      delivery_status: row.delivery_status,
      attempts: row.attempts,
      last_error: row.last_error,
      delivered_at: row.delivered_at,
      status: row.status,
      assigned_to: row.assigned_to,
      /** The booked time while it stands; a shopper's cancellation clears it (the slot is free again). */
      booking: row.booking,
      booking_cancelled_at: row.booking_cancelled_at,
      values: lead.values ?? {},
      url: lead.userData?.url ?? "",
      ...(lead.credit_check ? { credit_check: lead.credit_check } : {}),
      // Leads stored before the record (migration 0017) have none here; their deliveries build it.
      record: lead.record ? ({ lead_id: row.id, ...withRecordDefaults(lead.record, lead) } as LeadRecord) : null,
      notes: ((notes?.results ?? []) as NoteRow[]).filter((note) => note.lead_id === row.id).map(({ lead_id: _, ...note }) => note),
      earlier_leads: others
        .filter((other) => other.id < row.id && ((row.customer_email && other.customer_email === row.customer_email) || (row.customer_phone && other.customer_phone === row.customer_phone)))
        .map(({ id, kind, created_at }) => ({ lead_id: id, kind, created_at })),
      deliveries: ((deliveries?.results ?? []) as DeliveryRow[]).filter((delivery) => delivery.lead_id === row.id).map(({ lead_id: _, ...delivery }) => delivery),
      ...(row.kind === "chat" ? { chat: ((chats?.results ?? []) as ChatRow[]).filter((message) => message.lead_id === row.id).map(({ lead_id: _, ...message }) => message) } : {}),
    };
  });
}

export type ListedLead = Awaited<ReturnType<typeof listLeads>>[number];
const CSV_LEAD_COLUMNS = ["status", "assigned_to", "delivery_status", "attempts"] as const;
/** The staff notes, oldest first, one a line: "when author: note". */
const notesCell = (lead: ListedLead) => lead.notes.map((note) => `${note.created_at.slice(0, 16).replace("T", " ")} ${note.author}: ${note.body}`).join("\n");

/** Every field of every lead: the dealership's working columns, then the whole record, one column per field. */
export function leadsCsv(leads: ListedLead[]): string {
  const rows = leads.map((lead) =>
    [lead.lead_id, ...CSV_LEAD_COLUMNS.map((column) => lead[column]), notesCell(lead), ...RECORD_COLUMNS.filter((column) => column !== "lead_id").map((column) => recordCell(lead.record, column))].map(csvCell).join(","),
  );
  return `${[["lead_id", ...CSV_LEAD_COLUMNS, "staff_notes", ...RECORD_COLUMNS.filter((column) => column !== "lead_id")].join(","), ...rows].join("\r\n")}\r\n`;
}

/**
 * A dealership's change to one of its leads: status, assignment, a note. False: not this dealership's lead.
 * A change of status is audited under `actor` (the staff member, or the key that made it).
 */
export async function updateLead(db: D1Database, dealer: Dealer, leadId: number, update: LeadUpdate, actor: string, now = new Date()): Promise<boolean> {
  const before = await db.prepare("SELECT status FROM leads WHERE id = ? AND site = ? AND dealership_id = ?").bind(leadId, dealer.site, dealer.dealershipId).first<{ status: LeadStatus }>();
  if (!before) return false;
  const statements = [
    db
      .prepare("UPDATE leads SET status = COALESCE(?1, status), assigned_to = CASE WHEN ?2 IS NULL THEN assigned_to ELSE NULLIF(?2, '') END WHERE id = ?3 AND site = ?4 AND dealership_id = ?5")
      .bind(update.status ?? null, update.assigned_to ?? null, leadId, dealer.site, dealer.dealershipId),
  ];
  if (update.note) {
    statements.push(db.prepare("INSERT INTO lead_notes (lead_id, author, body, created_at) VALUES (?, ?, ?, ?)").bind(leadId, update.author || dealer.dealershipName, update.note, now.toISOString()));
  }
  if (update.status && update.status !== before.status) {
    statements.push(auditStatement(db, { site: dealer.site, dealershipId: dealer.dealershipId, actor, action: "lead.status", subject: `lead ${leadId}`, detail: { from: before.status, to: update.status } }, now));
  }
  await db.batch(statements);
  return true;
}

/** Routing (ADR 0037): a destination for one of the dealership's locations, or one department, only. */
const routing = { location_id: z.number().int().positive().optional(), department: leadDepartmentSchema.optional() };
const destinationSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("webhook"),
    url: z.url({ protocol: /^https?$/ }).max(2048),
    format: z.enum(["json", "adf"]).default("json"),
    // New receivers get the complete record; version 1 is the lead as posted, for receivers written before it.
    version: z.union([z.literal(1), z.literal(2)]).default(LEAD_RECORD_VERSION),
    secret: z.string().min(16, "Use a secret of at least 16 characters.").max(200),
    ...routing,
  }),
  z.object({ kind: z.literal("email"), address: z.email().max(254), ...routing }),
]);

/** The JSON webhook's schema, generated from the zod contract once per isolate. */
export const LEAD_SCHEMA_PATH = `/api/leads/schema/v${LEAD_RECORD_VERSION}.json`;
let leadJsonSchema: string | null = null;
function leadRecordJsonSchema(): string {
  leadJsonSchema ??= JSON.stringify({ $id: LEAD_SCHEMA_PATH, title: "Dealer website lead", ...z.toJSONSchema(leadRecordSchema, { target: "draft-2020-12" }) }, null, 2);
  return leadJsonSchema;
}

/**
 * The dealer's side, behind the dealership's key: GET /api/leads (JSON or CSV, by date and delivery status)
 * with each lead's delivery log, POST /api/leads/sweep (the scheduled sweep of this site, now), GET /api/leads/outbox (the e-mails the local outbox holds), and the
 * destinations a dealership's leads go to (POST/GET /api/leads/destinations, DELETE .../{id}).
 */
export function createDealerLeadApi() {
  const app = new Hono<DealerEnv>();

  app.get("/api/leads", requireDealer("leads.read"), async (c) => {
    const query = parseWithFieldErrors(listQuerySchema, c.req.query());
    if (!query.ok) return c.json({ message: "Invalid query", fieldErrors: query.fieldErrors }, 400);
    const leads = await listLeads(c.env.DB, c.get("dealer"), query.data);
    if (query.data.format === "csv") {
      return c.body(leadsCsv(leads), 200, { "content-type": "text/csv; charset=utf-8", "content-disposition": 'attachment; filename="leads.csv"' });
    }
    if (!query.data.words) return c.json({ dealership: c.get("dealer").dealershipSlug, leads });
    return c.json({ dealership: c.get("dealer").dealershipSlug, leads: leads.map((lead) => ({ ...lead, words: lead.record ? { kind: kindWords(lead.record.kind), sections: leadSections(lead.record) } : null })) });
  });

  // The dealership's working state of one lead: status, assignment, a note (the inbox posts the same).
  app.patch("/api/leads/:id{[0-9]+}", bodyLimit(8 * 1024), requireDealer("leads.update"), async (c) => {
    const parsed = parseWithFieldErrors(leadUpdateSchema, await c.req.json().catch(() => null));
    if (!parsed.ok) return refuse(c, 400, "lead.update", "Invalid update", parsed.fieldErrors);
    const update = { ...parsed.data, author: parsed.data.author || c.get("author") };
    const updated = await updateLead(c.env.DB, c.get("dealer"), Number(c.req.param("id")), update, c.get("actor"));
    return updated ? c.body(null, 204) : refuse(c, 404, "lead.update", "No such lead");
  });

  // A reply to one of the dealership's chats (ADR 0049): stored, audited, and the shopper is told by e-mail or SMS.
  app.post("/api/leads/:id{[0-9]+}/replies", bodyLimit(8 * 1024), requireDealer("leads.update"), async (c) => {
    const parsed = parseWithFieldErrors(chatMessageSchema, await c.req.json().catch(() => null));
    if (!parsed.ok) return refuse(c, 400, "chat.reply", "Invalid reply", parsed.fieldErrors);
    const reply = await replyToChat(c.env, c.get("dealer"), Number(c.req.param("id")), parsed.data.message, { actor: c.get("actor"), name: c.get("author") });
    return reply ? c.json(reply, 201) : refuse(c, 404, "chat.reply", "No such chat");
  });

  // The cron's sweep for this site, run now: `wrangler dev` fires no crons, and a dealer need not wait a minute.
  app.post("/api/leads/sweep", requireDealer("leads.update"), async (c) => c.json({ queued: await sweepPendingLeads(c.env, new Date(), c.get("dealer").site) }));

  app.get("/api/leads/outbox", requireDealer("leads.read"), async (c) => {
    const dealer = c.get("dealer");
    const { results } = await c.env.DB.prepare(
      `SELECT o.lead_id, o.recipient, o.subject, o.body, o.created_at FROM lead_outbox o JOIN leads l ON l.id = o.lead_id
        WHERE l.site = ? AND l.dealership_id = ? ORDER BY o.id DESC LIMIT 200`,
    )
      .bind(dealer.site, dealer.dealershipId)
      .all();
    return c.json({ mails: results });
  });

  // Public: a CRM developer reads what the webhook sends without a key.
  app.get(LEAD_SCHEMA_PATH, (c) => c.body(leadRecordJsonSchema(), 200, { "content-type": "application/schema+json", "cache-control": "public, max-age=3600" }));

  app.get("/api/leads/destinations", requireDealer("config.publish"), async (c) => {
    const dealer = c.get("dealer");
    const { results } = await c.env.DB.prepare("SELECT id, kind, target, format, version, location_id, department, created_at FROM lead_destinations WHERE site = ? AND dealership_id = ? ORDER BY id")
      .bind(dealer.site, dealer.dealershipId)
      .all();
    return c.json({ destinations: results });
  });

  app.post("/api/leads/destinations", bodyLimit(8 * 1024), requireDealer("config.publish"), async (c) => {
    const body: unknown = await c.req.json().catch(() => null);
    const parsed = parseWithFieldErrors(destinationSchema, body);
    if (!parsed.ok) return c.json({ message: "Invalid destination", fieldErrors: parsed.fieldErrors }, 400);
    const dealer = c.get("dealer");
    const destination = parsed.data;
    // Refused up front so the dealer sees why; the consumer checks again on every send (DNS can change).
    const problem = destination.kind === "webhook" ? await webhookUrlProblem(destination.url, webhookPolicy(c.env)) : null;
    if (problem) return c.json({ message: "Invalid destination", fieldErrors: { url: [problem] } }, 400);
    if (destination.location_id !== undefined) {
      const own = await c.env.DB.prepare("SELECT 1 AS own FROM locations WHERE id = ? AND site = ? AND dealership_id = ?").bind(destination.location_id, dealer.site, dealer.dealershipId).first();
      if (!own) return c.json({ message: "Invalid destination", fieldErrors: { location_id: ["Not one of this dealership's locations."] } }, 400);
    }
    const row = await c.env.DB.prepare(
      "INSERT INTO lead_destinations (site, dealership_id, kind, target, format, version, secret, location_id, department, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
    )
      .bind(
        dealer.site,
        dealer.dealershipId,
        destination.kind,
        destination.kind === "webhook" ? destination.url : destination.address,
        destination.kind === "webhook" ? destination.format : "json",
        destination.kind === "webhook" ? destination.version : LEAD_RECORD_VERSION,
        destination.kind === "webhook" ? destination.secret : null,
        destination.location_id ?? null,
        destination.department ?? null,
        new Date().toISOString(),
      )
      .first<{ id: number }>();
    return c.json({ id: row?.id }, 201);
  });

  app.delete("/api/leads/destinations/:id", requireDealer("config.publish"), async (c) => {
    const dealer = c.get("dealer");
    const id = Number(c.req.param("id"));
    const result = await c.env.DB.prepare("DELETE FROM lead_destinations WHERE id = ? AND site = ? AND dealership_id = ?").bind(Number.isInteger(id) ? id : -1, dealer.site, dealer.dealershipId).run();
    return result.meta.changes ? c.body(null, 204) : c.json({ message: "No such destination" }, 404);
  });

  return app;
}
