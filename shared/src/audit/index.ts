import { z } from "zod";

/**
 * The audit log (ADR 0045, 0057, 0058): one row per sign-in, invitation, key change, refused key, secret slot change,
 * configuration change, lead status change and chat reply, and one per refused attempt of a signed-in staff member or
 * the operator (`refused`). Any Worker or command with the platform's D1 calls these; `auditStatement` joins a caller's
 * own batch, so the change and its record are written together or not at all.
 */
export const auditActionSchema = z.enum([
  "staff.sign_in",
  "staff.invite",
  "key.create",
  "key.rotate",
  "key.revoke",
  /** A live key presented on another site's host, or outside its scopes (ADR 0057). */
  "key.refused",
  "config.publish",
  "config.rollback",
  /** An operator's site file update (ADR 0062): the dealer's settings it kept, and any it overwrote with force. */
  "config.operator_update",
  "secret.set",
  "secret.delete",
  "lead.status",
  "chat.reply",
  /** A signed-in staff member's change to a car's photos (ADR 0078): upload, delete, order or alt text. */
  "stock.photos",
  "refused",
]);
export type AuditAction = z.infer<typeof auditActionSchema>;

export const auditEntrySchema = z.object({
  site: z.string().min(1),
  dealershipId: z.number().int().nullable().default(null),
  /** Who: `staff:{id} {email}`, `operator`, or `key:{name}`. */
  actor: z.string().min(1).max(320),
  action: auditActionSchema,
  /** What it was done to: a lead id, a staff e-mail, `key {id}`, a config version. */
  subject: z.string().max(320).nullable().default(null),
  detail: z.record(z.string(), z.unknown()).nullable().default(null),
});
export type AuditEntry = z.input<typeof auditEntrySchema>;

const AUDIT_INSERT = "INSERT INTO audit_log (site, dealership_id, actor, action, subject, detail, created_at)";
const auditValues = (row: z.output<typeof auditEntrySchema>, now: Date) => [row.site, row.dealershipId, row.actor, row.action, row.subject, row.detail ? JSON.stringify(row.detail) : null, now.toISOString()];

export function auditStatement(db: D1Database, entry: AuditEntry, now = new Date()): D1PreparedStatement {
  return db.prepare(`${AUDIT_INSERT} VALUES (?, ?, ?, ?, ?, ?, ?)`).bind(...auditValues(auditEntrySchema.parse(entry), now));
}

/**
 * Refusals one actor may leave under one action in an hour; a leaked key or a scripted staff session would fill the
 * log. The operator's own refusals are never capped: the operator key is the platform's, and each refusal is a change
 * the operator meant to make.
 */
export const REFUSALS_PER_ACTOR_HOUR = 60;
const REFUSAL_ACTIONS: readonly AuditAction[] = ["refused", "key.refused"];

/**
 * Writes an entry. A refusal past REFUSALS_PER_ACTOR_HOUR for its actor, action and site in the hour before is not
 * written: the count and the insert are one statement, so concurrent refusals cannot pass the cap together.
 */
export async function recordAudit(db: D1Database, entry: AuditEntry, now = new Date()): Promise<void> {
  const row = auditEntrySchema.parse(entry);
  if (!REFUSAL_ACTIONS.includes(row.action) || row.actor === "operator") return void (await auditStatement(db, row, now).run());
  const hourBefore = new Date(now.getTime() - 3_600_000).toISOString();
  await db
    .prepare(
      `${AUDIT_INSERT} SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7
        WHERE (SELECT count(*) FROM audit_log WHERE site = ?1 AND actor = ?3 AND action = ?4 AND created_at > ?8) < ?9`,
    )
    .bind(...auditValues(row, now), hourBefore, REFUSALS_PER_ACTOR_HOUR)
    .run();
}

/** A key as its audit entry names it. */
export type AuditedKey = { id: string; site: string | null; dealershipId: number | null; name: string; scopes: readonly string[] };

/**
 * A key issued, rotated or revoked, by the operator (the only one who does): named by its id, since labels repeat
 * and change; its label and scopes are detail. The operator's own keys belong to no site.
 */
export const keyAuditEntry = (action: "key.create" | "key.rotate" | "key.revoke", key: AuditedKey, detail: Record<string, unknown> = {}): AuditEntry => ({
  site: key.site ?? "platform",
  dealershipId: key.dealershipId,
  actor: "operator",
  action,
  subject: `key ${key.id}`,
  detail: { id: key.id, name: key.name, scopes: key.scopes, ...detail },
});

/** A refusal keeps this many reasons, each cut to REASON_MAX characters: a refused 1 MB file is one short row. */
export const REFUSAL_REASONS_MAX = 20;
const REASON_MAX = 300;

/**
 * A refused attempt of an identified actor (a signed-in staff member, the operator): what they tried (an action or a
 * permission such as `config.publish`) and why it was refused, in words ("theme.primary: Invalid string…").
 */
export function refusalEntry(entry: Omit<AuditEntry, "action" | "detail">, attempted: string, reasons: readonly string[]): AuditEntry {
  const kept = reasons.slice(0, REFUSAL_REASONS_MAX).map((reason) => (reason.length > REASON_MAX ? `${reason.slice(0, REASON_MAX - 1)}…` : reason));
  const more = reasons.length - kept.length;
  return { ...entry, action: "refused", detail: { attempted, reasons: kept, ...(more > 0 ? { more } : {}) } };
}

/** Errors by field path as refusal reasons: "path: message". */
export const fieldReasons = (errors: Record<string, readonly string[]>): string[] => Object.entries(errors).map(([path, messages]) => `${path}: ${messages.join(" ")}`);

export type AuditRow = { id: number; dealership_id: number | null; actor: string; action: AuditAction; subject: string | null; detail: string | null; created_at: string };

/** The audit page's filters (issue 31): an action, who (part of the actor's id or e-mail) and a date range, in UTC days. */
export const AUDIT_FILTER_LIMITS = { actor: 100 } as const;
export const auditFilterSchema = z
  .object({
    action: z.enum(auditActionSchema.options, { error: "Choose an action from the list." }).optional(),
    actor: z.string().trim().max(AUDIT_FILTER_LIMITS.actor, `Use at most ${AUDIT_FILTER_LIMITS.actor} characters.`).optional(),
    from: z.iso.date({ error: "Enter a date such as 2026-11-01." }).optional(),
    to: z.iso.date({ error: "Enter a date such as 2026-11-30." }).optional(),
  })
  .transform((filters) => Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== "" && value !== undefined)) as { action?: AuditAction; actor?: string; from?: string; to?: string });
export type AuditFilters = z.output<typeof auditFilterSchema>;

/** A site's newest entries (one dealership's and the site-wide ones, when a dealership is named), filtered. */
export async function listAudit(db: D1Database, site: string, dealershipId: number | null, limit = 200, filters: AuditFilters = {}): Promise<AuditRow[]> {
  const { results } = await db
    .prepare(
      `SELECT id, dealership_id, actor, action, subject, detail, created_at FROM audit_log
        WHERE site = ?1 AND (?2 IS NULL OR dealership_id = ?2 OR dealership_id IS NULL)
          AND (?4 IS NULL OR action = ?4) AND (?5 IS NULL OR instr(lower(actor), lower(?5)) > 0)
          AND (?6 IS NULL OR created_at >= ?6) AND (?7 IS NULL OR created_at < date(?7, '+1 day'))
        ORDER BY id DESC LIMIT ?3`,
    )
    .bind(site, dealershipId, limit, filters.action ?? null, filters.actor || null, filters.from ?? null, filters.to ?? null)
    .all<AuditRow>();
  return results;
}

type Detail = { attempted?: string; reasons?: string[]; more?: number; name?: string; scopes?: string[]; replacedBy?: string; from?: string; to?: string; role?: string; note?: string; characters?: number; kept?: string[]; overwritten?: string[]; change?: string; photos?: number };

/**
 * An entry in words for the audit page: what was done and the detail worth reading (never a whole configuration).
 * Rows written before a detail field existed read with what they have.
 */
export function auditWords(row: Pick<AuditRow, "action" | "detail">): { what: string; detail: string } {
  const detail = (row.detail ? JSON.parse(row.detail) : {}) as Detail;
  const key = [detail.name, detail.scopes && `(${detail.scopes.join(", ")})`].filter(Boolean).join(" ");
  switch (row.action) {
    case "refused":
      return { what: `refused: ${detail.attempted ?? "?"}`, detail: [...(detail.reasons ?? []), ...(detail.more ? [`and ${detail.more} more`] : [])].join("; ") };
    case "key.create":
    case "key.revoke":
      return { what: row.action, detail: key };
    case "key.rotate":
      return { what: row.action, detail: [key, detail.replacedBy && `replaced by key ${detail.replacedBy}`].filter(Boolean).join(", ") };
    case "lead.status":
      return { what: row.action, detail: detail.from && detail.to ? `${detail.from} to ${detail.to}` : "" };
    case "staff.invite":
      return { what: row.action, detail: detail.role ? `as ${detail.role}` : "" };
    case "config.operator_update":
      return { what: row.action, detail: [detail.kept?.length && `kept ${detail.kept.join(", ")}`, detail.overwritten?.length && `overwrote ${detail.overwritten.join(", ")}`].filter(Boolean).join("; ") };
    case "chat.reply":
      return { what: row.action, detail: detail.characters === undefined ? "" : `${detail.characters} characters` };
    case "stock.photos":
      return { what: row.action, detail: [detail.change, detail.photos !== undefined && `${detail.photos} photo(s) now`].filter(Boolean).join(", ") };
    default:
      return { what: row.action, detail: detail.note ?? "" };
  }
}
