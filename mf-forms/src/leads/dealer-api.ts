import { LEAD_RECORD_VERSION, leadDepartmentSchema, leadRecordSchema, parseWithFieldErrors } from "@dealer/shared/contract";
import { bodyLimit, siteFromHost } from "@dealer/shared/http";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { sweepPendingLeads } from "../delivery/queue";
import { webhookPolicy, webhookUrlProblem } from "../delivery/webhook-guard";
import type { Env } from "../env";

/** Who a dealership key speaks for (the dealership's stock write key: one key per dealership). */
export type Dealer = { site: string; dealershipId: number; dealershipSlug: string; dealershipName: string };
type DealerEnv = { Bindings: Env; Variables: { dealer: Dealer } };

const KEY_REQUIRED = "A valid dealership key is required (Authorization: Bearer <key>).";

/**
 * The dealership a key speaks for, on this host's site only: a key of another site (or another tenant's
 * host) is no key here, so no site ever lists another's leads.
 */
export async function dealerForKey(db: D1Database, host: string | undefined, key: string | undefined): Promise<Dealer | null> {
  if (!key) return null;
  const site = await siteFromHost(db, host);
  if (!site) return null;
  return db
    .prepare(
      `SELECT k.site AS site, d.id AS dealershipId, d.slug AS dealershipSlug, d.name AS dealershipName
         FROM api_keys k JOIN dealerships d ON d.id = k.dealership_id WHERE k.key = ? AND k.kind = 'write' AND k.site = ?`,
    )
    .bind(key, site.slug)
    .first<Dealer>();
}

const requireDealer = createMiddleware<DealerEnv>(async (c, next) => {
  const dealer = await dealerForKey(c.env.DB, c.req.header("host"), /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1]);
  if (!dealer) return c.json({ message: KEY_REQUIRED }, 401);
  c.set("dealer", dealer);
  await next();
});

const STATUSES = ["pending", "delivered", "failed"] as const;
export const listQuerySchema = z.object({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  status: z.enum(STATUSES).optional(),
  format: z.enum(["json", "csv"]).default("json"),
  limit: z.coerce.number().int().min(1).max(10_000).default(200),
});

type LeadRow = { id: number; kind: string; created_at: string; queued_at: string | null; car_id: number | null; delivery_status: string; attempts: number; last_error: string | null; delivered_at: string | null; data: string };
type DeliveryRow = { lead_id: number; destination: string; status: string; attempts: number; last_error: string | null; updated_at: string };

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
  const { results } = await db
    .prepare(`SELECT id, kind, created_at, queued_at, car_id, delivery_status, attempts, last_error, delivered_at, data FROM leads WHERE ${where.join(" AND ")} ORDER BY id DESC LIMIT ?`)
    .bind(...binds, query.limit)
    .all<LeadRow>();
  // The same selection as a subquery: D1 binds at most 100 parameters, a page holds up to 10,000 leads.
  const { results: deliveries } = await db
    .prepare(`SELECT * FROM lead_deliveries WHERE lead_id IN (SELECT id FROM leads WHERE ${where.join(" AND ")} ORDER BY id DESC LIMIT ?) ORDER BY destination`)
    .bind(...binds, query.limit)
    .all<DeliveryRow>();
  return results.map((row) => {
    const lead = JSON.parse(row.data) as { values?: Record<string, unknown>; userData?: { url?: string }; credit_check?: Record<string, unknown> };
    return {
      lead_id: row.id,
      kind: row.kind,
      created_at: row.created_at,
      // When the lead was (last) put on the delivery queue; null while it waits for a retry or the sweep.
      queued_at: row.queued_at,
      car_id: row.car_id,
      delivery_status: row.delivery_status,
      attempts: row.attempts,
      last_error: row.last_error,
      delivered_at: row.delivered_at,
      values: lead.values ?? {},
      url: lead.userData?.url ?? "",
      ...(lead.credit_check ? { credit_check: lead.credit_check } : {}),
      deliveries: deliveries.filter((delivery) => delivery.lead_id === row.id).map(({ lead_id: _, ...delivery }) => delivery),
    };
  });
}

type ListedLead = Awaited<ReturnType<typeof listLeads>>[number];
const CSV_COLUMNS = ["lead_id", "created_at", "kind", "delivery_status", "attempts", "name", "email", "phone", "postcode", "message", "car_id", "url"] as const;

function csvCell(value: unknown): string {
  const text = value === undefined || value === null ? "" : String(value);
  // A leading = + - @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function leadsCsv(leads: ListedLead[]): string {
  const rows = leads.map((lead) => CSV_COLUMNS.map((column) => csvCell(column in lead ? lead[column as keyof ListedLead] : lead.values[column])).join(","));
  return `${[CSV_COLUMNS.join(","), ...rows].join("\r\n")}\r\n`;
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

  app.get("/api/leads", requireDealer, async (c) => {
    const query = parseWithFieldErrors(listQuerySchema, c.req.query());
    if (!query.ok) return c.json({ message: "Invalid query", fieldErrors: query.fieldErrors }, 400);
    const leads = await listLeads(c.env.DB, c.get("dealer"), query.data);
    if (query.data.format === "csv") {
      return c.body(leadsCsv(leads), 200, { "content-type": "text/csv; charset=utf-8", "content-disposition": 'attachment; filename="leads.csv"' });
    }
    return c.json({ dealership: c.get("dealer").dealershipSlug, leads });
  });

  // The cron's sweep for this site, run now: `wrangler dev` fires no crons, and a dealer need not wait a minute.
  app.post("/api/leads/sweep", requireDealer, async (c) => c.json({ queued: await sweepPendingLeads(c.env, new Date(), c.get("dealer").site) }));

  app.get("/api/leads/outbox", requireDealer, async (c) => {
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

  app.get("/api/leads/destinations", requireDealer, async (c) => {
    const dealer = c.get("dealer");
    const { results } = await c.env.DB.prepare("SELECT id, kind, target, format, version, location_id, department, created_at FROM lead_destinations WHERE site = ? AND dealership_id = ? ORDER BY id")
      .bind(dealer.site, dealer.dealershipId)
      .all();
    return c.json({ destinations: results });
  });

  app.post("/api/leads/destinations", bodyLimit(8 * 1024), requireDealer, async (c) => {
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

  app.delete("/api/leads/destinations/:id", requireDealer, async (c) => {
    const dealer = c.get("dealer");
    const id = Number(c.req.param("id"));
    const result = await c.env.DB.prepare("DELETE FROM lead_destinations WHERE id = ? AND site = ? AND dealership_id = ?").bind(Number.isInteger(id) ? id : -1, dealer.site, dealer.dealershipId).run();
    return result.meta.changes ? c.body(null, 204) : c.json({ message: "No such destination" }, 404);
  });

  return app;
}
