import { z } from "zod";

/**
 * The audit log (ADR 0045): one row per sign-in, invitation, key change, refused key, configuration change, lead
 * status change and chat reply. Any Worker or command with the platform's D1 calls these; `auditStatement` joins a caller's own batch,
 * so the change and its record are written together or not at all.
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
  "lead.status",
  "chat.reply",
]);
export type AuditAction = z.infer<typeof auditActionSchema>;

export const auditEntrySchema = z.object({
  site: z.string().min(1),
  dealershipId: z.number().int().nullable().default(null),
  /** Who: `staff:{id} {email}`, `operator`, or `key:{name}`. */
  actor: z.string().min(1).max(320),
  action: auditActionSchema,
  /** What it was done to: a lead id, a staff e-mail, a key name, a config version. */
  subject: z.string().max(320).nullable().default(null),
  detail: z.record(z.string(), z.unknown()).nullable().default(null),
});
export type AuditEntry = z.input<typeof auditEntrySchema>;

export function auditStatement(db: D1Database, entry: AuditEntry, now = new Date()): D1PreparedStatement {
  const row = auditEntrySchema.parse(entry);
  return db
    .prepare("INSERT INTO audit_log (site, dealership_id, actor, action, subject, detail, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
    .bind(row.site, row.dealershipId, row.actor, row.action, row.subject, row.detail ? JSON.stringify(row.detail) : null, now.toISOString());
}

export async function recordAudit(db: D1Database, entry: AuditEntry, now = new Date()): Promise<void> {
  await auditStatement(db, entry, now).run();
}

export type AuditRow = { id: number; dealership_id: number | null; actor: string; action: AuditAction; subject: string | null; detail: string | null; created_at: string };

/** A site's newest entries (one dealership's and the site-wide ones, when a dealership is named). */
export async function listAudit(db: D1Database, site: string, dealershipId: number | null, limit = 200): Promise<AuditRow[]> {
  const { results } = await db
    .prepare("SELECT id, dealership_id, actor, action, subject, detail, created_at FROM audit_log WHERE site = ?1 AND (?2 IS NULL OR dealership_id = ?2 OR dealership_id IS NULL) ORDER BY id DESC LIMIT ?3")
    .bind(site, dealershipId, limit)
    .all<AuditRow>();
  return results;
}
