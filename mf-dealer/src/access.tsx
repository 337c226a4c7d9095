import { type HostSite, siteFromHost } from "@dealer/shared/http";
import { type StaffPermission, staffMay } from "@dealer/shared/rules";
import { auditRefusedStaff, STAFF_NOT_ALLOWED, STAFF_PATHS, type Staff, staffFromCookie } from "@dealer/shared/staff";
import type { Context } from "hono";
import type { Env } from "./env";
import { html, Page, PRIVATE } from "./page";
import { SignInPage } from "./sign-in-page";
import { rememberSite } from "./site-theme";

export type Ctx = Context<{ Bindings: Env }>;
export type Form = Record<string, string>;

/** A form post's text fields (anything else, or a body that is no form, is no field). */
export async function readForm(c: Ctx): Promise<Form> {
  const body = await c.req.parseBody().catch(() => ({}));
  return Object.fromEntries(Object.entries(body).flatMap(([key, value]) => (typeof value === "string" ? [[key, value]] : [])));
}

/** The signed-in staff member allowed `permission` on this host's site; otherwise the answer to send instead. */
export async function staffFor(c: Ctx, permission: StaffPermission): Promise<{ site: HostSite; staff: Staff } | Response> {
  const site = await siteFromHost(c.env.DB, c.req.header("host"));
  if (!site) return c.text("Unknown site", 404);
  rememberSite(c.req.raw, site);
  const staff = await staffFromCookie(c.env.DB, site.slug, c.req.header("cookie"));
  if (!staff) {
    if (c.req.method === "GET") return c.redirect(`${STAFF_PATHS.signIn}?next=${encodeURIComponent(new URL(c.req.url).pathname)}`, 303);
    return c.html(html(<SignInPage buildId={c.env.BUILD_ID} step="email" email="" message="Please sign in again." next={STAFF_PATHS.leads} />), 401, PRIVATE);
  }
  if (!staffMay(staff.role, permission)) {
    await auditRefusedStaff(c.env.DB, staff, permission, `${c.req.method} ${new URL(c.req.url).pathname}`, [`the ${staff.role} role does not allow ${permission}`]);
    return c.html(
      html(
        <Page title="Not allowed" staff={staff} buildId={c.env.BUILD_ID}>
          <p role="alert">{STAFF_NOT_ALLOWED}</p>
        </Page>,
      ),
      403,
      PRIVATE,
    );
  }
  return { site, staff };
}
