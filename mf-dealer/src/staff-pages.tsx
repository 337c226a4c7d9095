import { fieldReasons } from "@dealer/shared/audit";
import { INVITATION_LIMITS, invitationSchema, parseWithFieldErrors } from "@dealer/shared/contract";
import { bodyLimit, clearedConfigPreviewCookie, clearedStaffCookie } from "@dealer/shared/http";
import { STAFF_ROLE_WORDS, STAFF_ROLES } from "@dealer/shared/rules";
import { auditRefusedStaff, endStaffSession, STAFF_CODE_LOCKED, STAFF_CODE_SENT, STAFF_PATHS, type Staff } from "@dealer/shared/staff";
import { buttonClass } from "@dealer/shared/ui";
import { Hono } from "hono";
import { type Ctx, readForm, staffFor } from "./access";
import type { Env } from "./env";
import { answerOf, formsApi } from "./forms-api";
import { ConsoleField, ErrorList, html, invalidProps, Page, PRIVATE } from "./page";
import { SignInPage } from "./sign-in-page";

type Member = { email: string; name: string | null; role: string; last_sign_in_at: string | null };

/** Only the dealer pages' own paths are followed after sign-in. */
const safeNext = (next: string | undefined) => (next && /^\/dealer(\/[a-z-]*)?$/.test(next) ? next : STAFF_PATHS.leads);

function StaffPage({ buildId, staff, members, errors, notice, typed }: { buildId: string; staff: Staff; members: Member[]; errors: Record<string, string[]>; notice: string | null; typed: Record<string, string> }) {
  return (
    <Page title={`Staff: ${staff.dealershipName}`} staff={staff} buildId={buildId} path={STAFF_PATHS.staff}>
      <h1>Staff of {staff.dealershipName}</h1>
      {notice && (
        <p role="status" className="console-notice">
          {notice}
        </p>
      )}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the table scrolls sideways on a phone, so a keyboard must be able to reach it. */}
      <section className="console-table" aria-label="Staff" tabIndex={0}>
        <table>
          <caption className="visually-hidden">Staff of {staff.dealershipName}</caption>
          <thead>
            <tr>
              <th scope="col">E-mail</th>
              <th scope="col">Name</th>
              <th scope="col">Role</th>
              <th scope="col">Last sign-in</th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => (
              <tr key={member.email}>
                <td>{member.email}</td>
                <td>{member.name ?? ""}</td>
                <td>{member.role}</td>
                <td>{member.last_sign_in_at?.slice(0, 16).replace("T", " ") ?? "never"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <h2>Invite a staff member</h2>
      <form method="post" action={STAFF_PATHS.staff} className="console-form">
        <ErrorList errors={errors} />
        <ConsoleField id="invite-email" label="E-mail" errors={errors.email}>
          <input className="ui-input" id="invite-email" name="email" type="email" maxLength={INVITATION_LIMITS.email} required defaultValue={typed.email ?? ""} {...invalidProps("invite-email", errors.email)} />
        </ConsoleField>
        <ConsoleField id="invite-name" label="Name" errors={errors.name}>
          <input className="ui-input" id="invite-name" name="name" defaultValue={typed.name ?? ""} {...invalidProps("invite-name", errors.name)} />
        </ConsoleField>
        <ConsoleField id="invite-role" label="Role" errors={errors.role}>
          <select className="ui-select" id="invite-role" name="role" defaultValue={typed.role ?? "salesperson"} {...invalidProps("invite-role", errors.role)}>
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {STAFF_ROLE_WORDS[role]}
              </option>
            ))}
          </select>
        </ConsoleField>
        <button type="submit" className={buttonClass({ variant: "primary" })}>
          Invite
        </button>
      </form>
    </Page>
  );
}

/**
 * The console's sign-in by e-mailed code and sign-out, and the dealership's staff with invitations (admins). The
 * codes and invitations are mf-forms' APIs (ADR 0069); every form post is same-site only: the gateway refuses any
 * other (ADR 0057).
 */
export function createStaffPages() {
  const app = new Hono<{ Bindings: Env }>();
  const limit = bodyLimit(64 * 1024);

  app.get("/dealer", (c) => c.redirect(STAFF_PATHS.leads, 303));
  app.get(STAFF_PATHS.signIn, (c) =>
    c.html(html(<SignInPage buildId={c.env.BUILD_ID} step="email" email={(c.req.query("email") ?? "").slice(0, 254)} message={null} next={safeNext(c.req.query("next"))} />), 200, PRIVATE),
  );

  app.post(STAFF_PATHS.signIn, limit, async (c) => {
    const form = await readForm(c);
    const email = (form.email ?? "").trim().toLowerCase().slice(0, 254);
    const next = safeNext(form.next);
    const answer = await formsApi(c, "/api/staff/sign-in", { method: "POST", json: { email } });
    if (answer.status === 404) return c.text("Unknown site", 404);
    if (answer.status === 429) {
      return c.html(html(<SignInPage buildId={c.env.BUILD_ID} step="email" email={email} message={STAFF_CODE_LOCKED} next={next} />), 429, { ...PRIVATE, "retry-after": answer.headers.get("retry-after") ?? "60" });
    }
    if (!answer.ok) {
      const { message } = await answerOf(answer);
      return c.html(html(<SignInPage buildId={c.env.BUILD_ID} step="email" email={email} message={message || "Please try again in a moment."} next={next} />), answer.status === 400 ? 400 : 503, PRIVATE);
    }
    return c.html(html(<SignInPage buildId={c.env.BUILD_ID} step="code" email={email} message={STAFF_CODE_SENT} next={next} />), 200, PRIVATE);
  });

  app.post(STAFF_PATHS.verify, limit, async (c) => {
    const form = await readForm(c);
    const email = (form.email ?? "").trim().toLowerCase().slice(0, 254);
    const next = safeNext(form.next);
    const answer = await formsApi(c, "/api/staff/sign-in/verify", { method: "POST", json: { email, code: (form.code ?? "").slice(0, 20) } });
    if (answer.status === 404) return c.text("Unknown site", 404);
    const cookie = answer.headers.get("set-cookie");
    if (!answer.ok || !cookie) {
      const { message } = await answerOf(answer);
      const status = answer.status === 429 ? 429 : answer.status >= 500 ? 503 : 400;
      return c.html(html(<SignInPage buildId={c.env.BUILD_ID} step="code" email={email} message={message} next={next} />), status, PRIVATE);
    }
    c.header("set-cookie", cookie);
    return c.redirect(next, 303);
  });

  app.post(STAFF_PATHS.signOut, async (c) => {
    await endStaffSession(c.env.DB, c.req.header("cookie"));
    c.header("set-cookie", clearedStaffCookie);
    c.header("set-cookie", clearedConfigPreviewCookie, { append: true });
    return c.redirect(STAFF_PATHS.signIn, 303);
  });

  const staffPage = async (c: Ctx, staff: Staff, status: 200 | 400 | 409 | 503, options: { errors?: Record<string, string[]>; notice?: string | null; typed?: Record<string, string> } = {}) => {
    const { results } = await c.env.DB.prepare("SELECT email, name, role, last_sign_in_at FROM staff_members WHERE site = ? AND dealership_id = ? ORDER BY email")
      .bind(staff.site, staff.dealershipId)
      .all<Member>();
    return c.html(html(<StaffPage buildId={c.env.BUILD_ID} staff={staff} members={results} errors={options.errors ?? {}} notice={options.notice ?? null} typed={options.typed ?? {}} />), status, PRIVATE);
  };
  app.get(STAFF_PATHS.staff, async (c) => {
    const allowed = await staffFor(c, "staff.invite");
    return allowed instanceof Response ? allowed : staffPage(c, allowed.staff, 200);
  });
  app.post(STAFF_PATHS.staff, limit, async (c) => {
    const allowed = await staffFor(c, "staff.invite");
    if (allowed instanceof Response) return allowed;
    const { staff } = allowed;
    const form = await readForm(c);
    const typed = { email: form.email ?? "", name: form.name ?? "", role: form.role ?? "" };
    // Parsed here too, so a refusal names its fields on the page without a round trip; mf-forms parses again.
    const parsed = parseWithFieldErrors(invitationSchema, { email: form.email, role: form.role, ...(form.name?.trim() ? { name: form.name } : {}) });
    if (!parsed.ok) {
      await auditRefusedStaff(c.env.DB, staff, "staff.invite", null, fieldReasons(parsed.fieldErrors));
      return staffPage(c, staff, 400, { errors: parsed.fieldErrors, typed });
    }
    const answer = await formsApi(c, "/api/staff/invitations", { method: "POST", json: parsed.data });
    const { message, fieldErrors, body } = await answerOf(answer);
    if (answer.status === 400 || answer.status === 409) return staffPage(c, staff, answer.status, { errors: fieldErrors, typed });
    if (answer.status !== 201) return staffPage(c, staff, 503, { notice: message || "The invitation could not be sent. Please try again.", typed });
    return staffPage(c, staff, 200, {
      notice: body.mailed === true ? `Invited ${parsed.data.email}: we e-mailed them how to sign in.` : `Invited ${parsed.data.email}, but the e-mail could not be sent: tell them to sign in at ${STAFF_PATHS.signIn}.`,
    });
  });

  return app;
}
