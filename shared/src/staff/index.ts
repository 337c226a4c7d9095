import { type AuditEntry, recordAudit, refusalEntry } from "../audit";
import { classifyHost, isSessionToken, newSessionToken, readCookie, STAFF_COOKIE, STAFF_SESSION_SECONDS, sha256Hex, siteRowFor } from "../http";
import type { StaffRole } from "../rules/staff-roles";

/**
 * Staff sessions (ADR 0045), read and written by the two Workers that know staff: mf-dealer (the console's pages)
 * and mf-forms (the sign-in codes, the lead and invitation APIs a signed-in staff member calls; ADR 0069).
 */

/** The dealer console's pages (mf-dealer). */
export const STAFF_PATHS = {
  signIn: "/dealer/sign-in",
  verify: "/dealer/sign-in/verify",
  signOut: "/dealer/sign-out",
  leads: "/dealer/leads",
  staff: "/dealer/staff",
  config: "/dealer/config",
  audit: "/dealer/audit",
  insights: "/dealer/insights",
  stock: "/dealer/stock",
} as const;

/** The sign-in's answers, the same from the API (mf-forms) and the console's page (mf-dealer). */
export const STAFF_CODE_SENT = "If that address belongs to staff of this site, we have e-mailed it a sign-in code.";
export const STAFF_WRONG_CODE = "That code is not right, or has expired. Check the e-mail or ask for a new code.";
export const STAFF_CODE_LOCKED = "Too many wrong codes. Please wait a few minutes and ask for a new code.";
export const STAFF_NOT_ALLOWED = "Your role does not allow this.";

/** A signed-in staff member: who, for which dealership, in which role (ADR 0045). */
export type Staff = {
  id: string;
  site: string;
  email: string;
  name: string | null;
  role: StaffRole;
  dealershipId: number;
  dealershipSlug: string;
  dealershipName: string;
};

const STAFF_COLUMNS = `m.id, m.site, m.email, m.name, m.role, d.id AS dealershipId, d.slug AS dealershipSlug, d.name AS dealershipName`;

export const staffByEmail = (db: D1Database, site: string, email: string) =>
  db.prepare(`SELECT ${STAFF_COLUMNS} FROM staff_members m JOIN dealerships d ON d.id = m.dealership_id WHERE m.site = ? AND m.email = ?`).bind(site, email.trim().toLowerCase()).first<Staff>();

/** The staff member a request's __Host-staff cookie names on this site, or null. */
export async function staffFromCookie(db: D1Database, site: string, cookieHeader: string | undefined, now = Date.now()): Promise<Staff | null> {
  const token = readCookie(cookieHeader, STAFF_COOKIE);
  if (!isSessionToken(token)) return null;
  return db
    .prepare(
      `SELECT ${STAFF_COLUMNS} FROM staff_sessions s JOIN staff_members m ON m.id = s.staff_id JOIN dealerships d ON d.id = m.dealership_id
        WHERE s.token_hash = ?1 AND s.site = ?2 AND m.site = ?2 AND s.expires_at > ?3`,
    )
    .bind(await sha256Hex(token), site, now)
    .first<Staff>();
}

/** The staff member signed in on the site a request's Host names (an active site only), or null. */
export async function staffOfRequest(db: D1Database, hostHeader: string | undefined, cookieHeader: string | undefined): Promise<Staff | null> {
  if (!isSessionToken(readCookie(cookieHeader, STAFF_COOKIE))) return null;
  const row = (await siteRowFor(db, classifyHost(hostHeader))) as { slug?: string; status?: string } | null;
  return row?.slug && row.status === "active" ? staffFromCookie(db, row.slug, cookieHeader) : null;
}

export const staffActor = (staff: Staff) => `staff:${staff.id} ${staff.email}`;
export const auditBy = (staff: Staff, entry: Omit<AuditEntry, "site" | "dealershipId" | "actor">): AuditEntry => ({ site: staff.site, dealershipId: staff.dealershipId, actor: staffActor(staff), ...entry });
/** Records a signed-in staff member's refused attempt (ADR 0058): what they tried, on what, and why it was refused. */
export const auditRefusedStaff = (db: D1Database, staff: Staff, attempted: string, subject: string | null, reasons: readonly string[]) =>
  recordAudit(db, refusalEntry({ site: staff.site, dealershipId: staff.dealershipId, actor: staffActor(staff), subject }, attempted, reasons));

/** A new session for a staff member who proved the code; the sign-in is audited. Returns the cookie's token. */
export async function startStaffSession(db: D1Database, staff: Staff, now: number): Promise<string> {
  const token = newSessionToken();
  await db.batch([
    db.prepare("INSERT INTO staff_sessions (token_hash, staff_id, site, created_at, expires_at) VALUES (?, ?, ?, ?, ?)").bind(await sha256Hex(token), staff.id, staff.site, now, now + STAFF_SESSION_SECONDS * 1000),
    db.prepare("UPDATE staff_members SET last_sign_in_at = ? WHERE id = ?").bind(new Date(now).toISOString(), staff.id),
  ]);
  await recordAudit(db, auditBy(staff, { action: "staff.sign_in", subject: staff.email, detail: { method: "email-code" } }), new Date(now));
  return token;
}

export async function endStaffSession(db: D1Database, cookieHeader: string | undefined): Promise<void> {
  const token = readCookie(cookieHeader, STAFF_COOKIE);
  if (isSessionToken(token)) await db.prepare("DELETE FROM staff_sessions WHERE token_hash = ?").bind(await sha256Hex(token)).run();
}
