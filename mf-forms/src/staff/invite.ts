import { fieldReasons, recordAudit, refusalEntry } from "@dealer/shared/audit";
import { INVITATION_LIMITS, type Invitation, invitationSchema, maxText, parseWithFieldErrors } from "@dealer/shared/contract";
import { bodyLimit, type HostSite, siteFromHost } from "@dealer/shared/http";
import { verifyKey } from "@dealer/shared/keys";
import { Hono } from "hono";
import { emailSender } from "../accounts/email";
import type { Env } from "../env";
import { possessive, staffMay } from "@dealer/shared/rules";
import { auditRefusedStaff, STAFF_NOT_ALLOWED, STAFF_PATHS, staffActor, staffOfRequest } from "@dealer/shared/staff";

/** The operator names the dealership; a dealer admin invites to their own. */
export const operatorInvitationSchema = invitationSchema.extend({ dealership: maxText(INVITATION_LIMITS.dealership).min(1) }).strict();

export type InviteResult = { ok: true; id: string; mailed: boolean } | { ok: false; status: 400 | 409; fieldErrors: Record<string, string[]> };

/** A refused invitation, under whoever tried it (a staff actor or the operator) and the address when it was one. */
const auditRefusedInvitation = (db: D1Database, site: string, dealershipId: number | null, actor: string, email: string | null, fieldErrors: Record<string, string[]>) =>
  recordAudit(db, refusalEntry({ site, dealershipId, actor, subject: email }, "staff.invite", fieldReasons(fieldErrors)));

/**
 * A new staff member of one dealership of this site, told by e-mail (the site's mail path: its provider, or the
 * local outbox) where to sign in; audited under whoever invited them. An address already on the site is refused
 * (and that refusal audited).
 */
export async function inviteStaff(env: Env, site: HostSite, dealershipId: number, invitation: Invitation, invitedBy: string, origin: string): Promise<InviteResult> {
  const id = crypto.randomUUID();
  const now = new Date();
  const inserted = await env.DB.prepare(
    `INSERT INTO staff_members (id, site, dealership_id, email, name, role, invited_by, created_at)
      SELECT ?, ?, id, ?, ?, ?, ?, ? FROM dealerships WHERE id = ? AND site = ? ON CONFLICT (site, email) DO NOTHING RETURNING id`,
  )
    .bind(id, site.slug, invitation.email, invitation.name ?? null, invitation.role, invitedBy, now.toISOString(), dealershipId, site.slug)
    .first();
  if (!inserted) {
    const fieldErrors = { email: ["That address is already staff of this site."] };
    await auditRefusedInvitation(env.DB, site.slug, dealershipId, invitedBy, invitation.email, fieldErrors);
    return { ok: false, status: 409, fieldErrors };
  }
  await recordAudit(env.DB, { site: site.slug, dealershipId, actor: invitedBy, action: "staff.invite", subject: invitation.email, detail: { role: invitation.role } }, now);
  const siteName = site.config.theme.logoText ?? site.slug;
  const link = `${origin}${STAFF_PATHS.signIn}?email=${encodeURIComponent(invitation.email)}`;
  try {
    await emailSender(env, site.config.shopperEmail)({
      site: site.slug,
      to: invitation.email,
      subject: `You're invited to ${possessive(siteName)} dealer pages`,
      body: `You have been added as ${invitation.role} for ${siteName}.\n\nSign in at ${link}: we e-mail you a one-time code each time.\n`,
    });
    return { ok: true, id, mailed: true };
  } catch (error) {
    console.error(`[mf-forms] staff invitation for ${site.slug} not mailed: ${error instanceof Error ? error.message : String(error)}`);
    return { ok: true, id, mailed: false };
  }
}

/** Whether a request carries a key with the operator scope (the same hashed, constant-time check as every key, ADR 0043). */
async function isOperator(env: Env, authorization: string | undefined): Promise<boolean> {
  const given = /^Bearer\s+(\S{1,200})$/i.exec(authorization ?? "")?.[1];
  return (await verifyKey(env.DB, given, ["operator"])) !== null;
}

/**
 * POST /api/staff/invitations on the site's host, either with `Authorization: Bearer <operator key>`:
 * {dealership, email, role, name?}, or as a signed-in admin (the console's staff page, ADR 0069): {email, role,
 * name?} for the admin's own dealership. -> 201 {id, mailed}. Bad input is a 400 with each field's error, an
 * address already on the site a 409.
 */
export function createStaffInvitationApi() {
  const app = new Hono<{ Bindings: Env }>();
  app.post("/api/staff/invitations", bodyLimit(8 * 1024), async (c) => {
    const staff = c.req.header("authorization") ? null : await staffOfRequest(c.env.DB, c.req.header("host"), c.req.header("cookie"));
    if (!staff && !(await isOperator(c.env, c.req.header("authorization")))) return c.json({ message: "The operator key is required (Authorization: Bearer <key>)." }, 401);
    const site = await siteFromHost(c.env.DB, c.req.header("host"));
    if (!site) return c.json({ message: "Unknown site" }, 404);
    const body = await c.req.json().catch(() => null);
    if (staff) {
      if (!staffMay(staff.role, "staff.invite")) {
        await auditRefusedStaff(c.env.DB, staff, "staff.invite", "POST /api/staff/invitations", [`the ${staff.role} role does not allow staff.invite`]);
        return c.json({ message: STAFF_NOT_ALLOWED }, 403);
      }
      const parsed = parseWithFieldErrors(invitationSchema, body);
      if (!parsed.ok) {
        await auditRefusedStaff(c.env.DB, staff, "staff.invite", null, fieldReasons(parsed.fieldErrors));
        return c.json({ message: "The invitation is not valid.", fieldErrors: parsed.fieldErrors }, 400);
      }
      const result = await inviteStaff(c.env, site, staff.dealershipId, parsed.data, staffActor(staff), new URL(c.req.url).origin);
      if (!result.ok) return c.json({ message: "The invitation is not valid.", fieldErrors: result.fieldErrors }, result.status);
      return c.json({ id: result.id, mailed: result.mailed }, 201);
    }
    const parsed = parseWithFieldErrors(operatorInvitationSchema, body);
    const refuse = async (email: string | null, fieldErrors: Record<string, string[]>) => {
      await auditRefusedInvitation(c.env.DB, site.slug, null, "operator", email, fieldErrors);
      return c.json({ message: "The invitation is not valid.", fieldErrors }, 400);
    };
    if (!parsed.ok) return refuse(null, parsed.fieldErrors);
    const { dealership, ...invitation } = parsed.data;
    const found = await c.env.DB.prepare("SELECT id FROM dealerships WHERE site = ? AND slug = ?").bind(site.slug, dealership).first<{ id: number }>();
    if (!found) return refuse(invitation.email, { dealership: [`No dealership ${dealership} on this site.`] });
    const result = await inviteStaff(c.env, site, found.id, invitation, "operator", new URL(c.req.url).origin);
    if (!result.ok) return c.json({ message: "The invitation is not valid.", fieldErrors: result.fieldErrors }, result.status);
    return c.json({ id: result.id, mailed: result.mailed }, 201);
  });
  return app;
}
