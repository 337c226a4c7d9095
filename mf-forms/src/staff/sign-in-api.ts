import { bodyLimit, siteFromHost, staffCookie } from "@dealer/shared/http";
import { possessive } from "@dealer/shared/rules";
import { STAFF_CODE_LOCKED, STAFF_CODE_SENT, STAFF_WRONG_CODE, type Staff, staffByEmail, startStaffSession } from "@dealer/shared/staff";
import { Hono } from "hono";
import { z } from "zod";
import { checkCode, issueCode, lockedForSeconds } from "../accounts/codes";
import { emailSender } from "../accounts/email";
import { clientOf } from "../accounts/request";
import type { Env } from "../env";
import { rateLimited } from "../leads/rate-limit";

/** Code requests and checks per client and site (fixed windows, as the shoppers' sign-in). */
const STAFF_CODE_REQUESTS = { count: 10, seconds: 600 };
/** Codes per staff address an hour, whatever the client: an address is not flooded with mail. */
const STAFF_CODES_PER_ADDRESS = { count: 5, seconds: 3600 };
const STAFF_CODE_CHECKS = { count: 30, seconds: 600 };

/** The codes table keys a staff member's codes apart from any shopper's number. */
const codeOwner = (staff: Staff) => `staff:${staff.id}`;

const emailOf = (value: unknown) => (typeof value === "string" ? value : "").trim().toLowerCase().slice(0, 254);
const codeRequestSchema = z.object({ email: z.unknown() });
const codeCheckSchema = z.object({ email: z.unknown(), code: z.unknown() });

/**
 * Staff sign-in by e-mailed code (ADR 0045), the API the dealer console's sign-in page calls (ADR 0069):
 * POST /api/staff/sign-in {email} -> 200 with the same answer whether or not the address is staff (429 when
 * over the limits); POST /api/staff/sign-in/verify {email, code} -> 200 and the __Host-staff cookie, 400 for a
 * wrong or expired code, 429 once locked. The codes and their limits are the shoppers' (accounts/codes).
 */
export function createStaffSignInApi() {
  const app = new Hono<{ Bindings: Env }>();
  const limit = bodyLimit(8 * 1024);

  app.post("/api/staff/sign-in", limit, async (c) => {
    const site = await siteFromHost(c.env.DB, c.req.header("host"));
    if (!site) return c.json({ message: "Unknown site" }, 404);
    const body = codeRequestSchema.safeParse(await c.req.json().catch(() => null));
    if (!body.success) return c.json({ message: "Send JSON {email}.", fieldErrors: { email: ["Enter your work e-mail."] } }, 400);
    const email = emailOf(body.data.email);
    const now = Date.now();
    const wait = await rateLimited(c.env.DB, `staff-code|${site.slug}|${clientOf(c.req.raw.headers)}`, STAFF_CODE_REQUESTS, now);
    if (wait !== null) return c.json({ message: STAFF_CODE_LOCKED }, 429, { "retry-after": String(wait) });
    const staff = email ? await staffByEmail(c.env.DB, site.slug, email) : null;
    // The same answer whether or not the address is staff: the page does not tell who works here.
    if (staff && (await lockedForSeconds(c.env.DB, staff.site, codeOwner(staff), now)) === null && (await rateLimited(c.env.DB, `staff-address|${staff.id}`, STAFF_CODES_PER_ADDRESS, now)) === null) {
      const issued = await issueCode(c.env, staff.site, codeOwner(staff), now);
      const siteName = site.config.theme.logoText ?? site.slug;
      await emailSender(c.env, site.config.shopperEmail)({
        site: site.slug,
        to: staff.email,
        subject: `Your ${siteName} dealer sign-in code`,
        body: `Your code to sign in to ${possessive(siteName)} dealer pages is ${issued.code}. It works once, for 10 minutes.\n\nIf you did not ask for it, ignore this e-mail.\n`,
      }).catch((error: unknown) => console.error(`[mf-forms] staff code for ${site.slug} not sent: ${error instanceof Error ? error.message : String(error)}`));
    }
    return c.json({ message: STAFF_CODE_SENT });
  });

  app.post("/api/staff/sign-in/verify", limit, async (c) => {
    const site = await siteFromHost(c.env.DB, c.req.header("host"));
    if (!site) return c.json({ message: "Unknown site" }, 404);
    const body = codeCheckSchema.safeParse(await c.req.json().catch(() => null));
    if (!body.success) return c.json({ message: "Send JSON {email, code}.", fieldErrors: { code: ["Enter the code from the e-mail."] } }, 400);
    const email = emailOf(body.data.email);
    const code = typeof body.data.code === "string" ? body.data.code.trim() : "";
    const now = Date.now();
    const wait = await rateLimited(c.env.DB, `staff-check|${site.slug}|${clientOf(c.req.raw.headers)}`, STAFF_CODE_CHECKS, now);
    if (wait !== null) return c.json({ message: STAFF_CODE_LOCKED }, 429, { "retry-after": String(wait) });
    const staff = email ? await staffByEmail(c.env.DB, site.slug, email) : null;
    const check = staff && /^[0-9]{6}$/.test(code) ? await checkCode(c.env, staff.site, codeOwner(staff), code, now) : { outcome: "wrong" as const, left: 0 };
    if (!staff || check.outcome !== "right") {
      const locked = check.outcome === "locked";
      return c.json({ message: locked ? STAFF_CODE_LOCKED : STAFF_WRONG_CODE, ...(locked ? {} : { fieldErrors: { code: [STAFF_WRONG_CODE] } }) }, locked ? 429 : 400);
    }
    c.header("set-cookie", staffCookie(await startStaffSession(c.env.DB, staff, now)));
    return c.json({ message: "Signed in." });
  });

  return app;
}
