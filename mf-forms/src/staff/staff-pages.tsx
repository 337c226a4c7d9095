import { auditWords, fieldReasons, listAudit } from "@dealer/shared/audit";
import { type ConfigField, configFormFields, type FieldErrors, fieldText, fieldValue, overrideFromForm, resolvedSettings } from "@dealer/shared/config";
import { bodyLimit, clearedConfigPreviewCookie, clearedStaffCookie, configPreviewCookie, type HostSite, siteFromHost, staffCookie } from "@dealer/shared/http";
import { possessive, STAFF_ROLES, STAFF_ROLE_WORDS, type StaffPermission, staffMay } from "@dealer/shared/rules";
import { type Context, Hono } from "hono";
import { emailSender } from "../accounts/email";
import type { Env } from "../env";
import { listSecretSlots } from "@dealer/shared/secrets";
import { rateLimited } from "../leads/rate-limit";
import { clientOf } from "../accounts/request";
import { type ConfigVersion, discardDraft, draftOf, listVersions, policyErrors, publishConfig, publishedOverride, rollbackConfig, saveDraft } from "./config-versions";
import { INVITATION_LIMITS, invitationSchema, inviteStaff } from "./invite";
import { ErrorList, html, Page, PRIVATE, STAFF_PATHS } from "./page";
import { auditRefusedStaff, checkStaffCode, endStaffSession, issueStaffCode, type Staff, staffByEmail, staffActor, staffCodeLocked, staffFromCookie, startStaffSession } from "./sessions";
import { parseWithFieldErrors } from "@dealer/shared/contract";

/** Code requests and checks per client and site (fixed windows, as the shoppers' sign-in). */
const STAFF_CODE_REQUESTS = { count: 10, seconds: 600 };
/** Codes per staff address an hour, whatever the client: an address is not flooded with mail. */
const STAFF_CODES_PER_ADDRESS = { count: 5, seconds: 3600 };
const STAFF_CODE_CHECKS = { count: 30, seconds: 600 };
export const STAFF_CODE_SENT = "If that address belongs to staff of this site, we have e-mailed it a sign-in code.";
export const STAFF_WRONG_CODE = "That code is not right, or has expired. Check the e-mail or ask for a new code.";
export const STAFF_CODE_LOCKED = "Too many wrong codes. Please wait a few minutes and ask for a new code.";
export const STAFF_NOT_ALLOWED = "Your role does not allow this.";

type Ctx = Context<{ Bindings: Env }>;
type Form = Record<string, string>;

async function readForm(c: Ctx): Promise<Form> {
  const body = await c.req.parseBody().catch(() => ({}));
  return Object.fromEntries(Object.entries(body).flatMap(([key, value]) => (typeof value === "string" ? [[key, value]] : [])));
}

/** The signed-in staff member allowed `permission` on this host's site; otherwise the answer to send instead. */
export async function staffFor(c: Ctx, permission: StaffPermission): Promise<{ site: HostSite; staff: Staff } | Response> {
  const site = await siteFromHost(c.env.DB, c.req.header("host"));
  if (!site) return c.text("Unknown site", 404);
  const staff = await staffFromCookie(c.env.DB, site.slug, c.req.header("cookie"));
  if (!staff) {
    if (c.req.method === "GET") return c.redirect(`${STAFF_PATHS.signIn}?next=${encodeURIComponent(new URL(c.req.url).pathname)}`, 303);
    return c.html(html(<SignInPage step="email" email="" message="Please sign in again." next={STAFF_PATHS.leads} />), 401, PRIVATE);
  }
  if (!staffMay(staff.role, permission)) {
    await auditRefusedStaff(c.env.DB, staff, permission, `${c.req.method} ${new URL(c.req.url).pathname}`, [`the ${staff.role} role does not allow ${permission}`]);
    return c.html(html(<Page title="Not allowed" staff={staff}><p role="alert">{STAFF_NOT_ALLOWED}</p></Page>), 403, PRIVATE);
  }
  return { site, staff };
}

/** Only the dealer pages' own paths are followed after sign-in. */
const safeNext = (next: string | undefined) => (next && /^\/dealer(\/[a-z-]*)?$/.test(next) ? next : STAFF_PATHS.leads);

function SignInPage({ step, email, message, next }: { step: "email" | "code"; email: string; message: string | null; next: string }) {
  return (
    <Page title="Dealer sign-in">
      <h1>Dealer sign-in</h1>
      {message && (
        <p role={step === "code" && message === STAFF_CODE_SENT ? "status" : "alert"} id="sign-in-message">
          {message}
        </p>
      )}
      {step === "email" ? (
        <form method="post" action={STAFF_PATHS.signIn}>
          <input type="hidden" name="next" value={next} />
          <label htmlFor="staff-email">Work e-mail</label> <input id="staff-email" name="email" type="email" autoComplete="username" required defaultValue={email} />{" "}
          <button type="submit">E-mail me a code</button>
        </form>
      ) : (
        <form method="post" action={STAFF_PATHS.verify}>
          <input type="hidden" name="next" value={next} />
          <input type="hidden" name="email" value={email} />
          <label htmlFor="staff-code">Code from the e-mail</label>{" "}
          <input id="staff-code" name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} required /> <button type="submit">Sign in</button>
        </form>
      )}
    </Page>
  );
}

function StaffPage({ staff, members, errors, notice }: { staff: Staff; members: { email: string; name: string | null; role: string; last_sign_in_at: string | null }[]; errors: FieldErrors; notice: string | null }) {
  return (
    <Page title={`Staff: ${staff.dealershipName}`} staff={staff}>
      <h1>Staff of {staff.dealershipName}</h1>
      {notice && <p role="status">{notice}</p>}
      <table>
        <thead>
          <tr>
            <th>E-mail</th>
            <th>Name</th>
            <th>Role</th>
            <th>Last sign-in</th>
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
      <h2>Invite a staff member</h2>
      <form method="post" action={STAFF_PATHS.staff}>
        <ErrorList errors={errors} />
        <label htmlFor="invite-email">E-mail</label> <input id="invite-email" name="email" type="email" maxLength={INVITATION_LIMITS.email} required />{" "}
        <label htmlFor="invite-name">Name</label> <input id="invite-name" name="name" maxLength={INVITATION_LIMITS.name} /> <label htmlFor="invite-role">Role</label>{" "}
        <select id="invite-role" name="role" defaultValue="salesperson">
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {STAFF_ROLE_WORDS[role]}
            </option>
          ))}
        </select>{" "}
        <button type="submit">Invite</button>
      </form>
    </Page>
  );
}

/** A setting that names one of the site's secret slots (ADR 0056): chosen from the slots the operator has set. */
const isSlotField = (field: ConfigField) => field.path.endsWith("Slot");

function ConfigInput({ field, value, slots }: { field: ConfigField; value: unknown; slots: string[] }) {
  const id = `config-${field.path.replace(/\./g, "-")}`;
  const text = fieldText(field, value);
  if (isSlotField(field)) {
    // A slot the settings name but the operator has not set stays choosable, marked, so a publish keeps it.
    const names = text && !slots.includes(text) ? [...slots, text] : slots;
    return (
      <select id={id} name={field.path} defaultValue={text}>
        <option value="">(none)</option>
        {names.map((name) => (
          <option key={name} value={name}>
            {slots.includes(name) ? name : `${name} (not set: ask the platform's operator)`}
          </option>
        ))}
      </select>
    );
  }
  if (field.kind === "boolean" || field.kind === "choice") {
    const options = field.kind === "boolean" ? ["true", "false"] : field.options;
    return (
      <select id={id} name={field.path} defaultValue={text}>
        {field.nullable && <option value="">(none)</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {field.kind === "boolean" ? (option === "true" ? "Yes" : "No") : option}
          </option>
        ))}
      </select>
    );
  }
  if (field.kind === "json") return <textarea id={id} name={field.path} defaultValue={text} rows={Math.min(8, 1 + Math.ceil(text.length / 80))} cols={80} />;
  return <input id={id} name={field.path} inputMode={field.kind === "number" ? "decimal" : undefined} defaultValue={text} />;
}

/** The configuration form, one fieldset per section of the schema, each setting with its default beside it. */
function ConfigPage(props: {
  staff: Staff;
  override: Record<string, unknown>;
  version: number;
  versions: ConfigVersion[];
  errors: FieldErrors;
  notice: string | null;
  previewing: boolean;
  /** The site's secret slots, by name (never a value). */
  slots: string[];
}) {
  const { staff, errors } = props;
  const resolved = resolvedSettings(props.override);
  const sections = [...new Set(configFormFields.map((field) => field.path.split(".")[0] as string))];
  return (
    <Page title="Site configuration" staff={staff}>
      <h1>Site configuration</h1>
      <p>{`Published version ${props.version}.${props.previewing ? " You are previewing a draft: open the site in this browser to see it; nobody else sees it." : ""}`}</p>
      {props.notice && <p role="status">{props.notice}</p>}
      <form method="post" action={STAFF_PATHS.config}>
        <ErrorList errors={errors} />
        {sections.map((section) => (
          <fieldset key={section}>
            <legend>{section}</legend>
            {configFormFields
              .filter((field) => field.path.split(".")[0] === section)
              .map((field) => {
                const id = `config-${field.path.replace(/\./g, "-")}`;
                const fieldErrors = errors[field.path];
                return (
                  <div key={field.path} data-config-field={field.path}>
                    <label htmlFor={id}>{field.path.split(".").slice(1).join(".")}</label> <ConfigInput field={field} value={fieldValue(field, resolved)} slots={props.slots} />{" "}
                    <small>{`Default: ${fieldText(field, field.defaultValue) || "(none)"}`}</small>
                    {fieldErrors && (
                      <strong role="alert" data-field-error={field.path}>
                        {` ${fieldErrors.join(" ")}`}
                      </strong>
                    )}
                  </div>
                );
              })}
          </fieldset>
        ))}
        <button type="submit" name="action" value="preview">
          Preview
        </button>{" "}
        <button type="submit" name="action" value="publish">
          Publish
        </button>
      </form>
      {props.previewing && (
        <form method="post" action={STAFF_PATHS.config}>
          <button type="submit" name="action" value="end-preview">
            End preview and discard the draft
          </button>
        </form>
      )}
      <h2>Versions</h2>
      <ul>
        {props.versions.map((version) => (
          <li key={version.version} data-config-version={version.version}>
            {`Version ${version.version}, ${version.published_at.slice(0, 16).replace("T", " ")} by ${version.published_by}${version.note ? ` (${version.note})` : ""} `}
            {version.version !== props.version && (
              <form method="post" action={STAFF_PATHS.config} style={{ display: "inline" }}>
                <input type="hidden" name="version" value={version.version} />
                <button type="submit" name="action" value="rollback">{`Roll back to version ${version.version}`}</button>
              </form>
            )}
          </li>
        ))}
      </ul>
    </Page>
  );
}

/**
 * The dealer pages other than the lead inbox (ADR 0045, 0046): sign-in by e-mailed code, sign-out, the
 * dealership's staff and invitations (admins), the site's configuration with preview, publish and rollback
 * (admins), and the audit log (admins). Every form post is same-site only: the gateway refuses any other (ADR 0057).
 */
export function createStaffPages() {
  const app = new Hono<{ Bindings: Env }>();
  const limit = bodyLimit(64 * 1024);

  app.get("/dealer", (c) => c.redirect(STAFF_PATHS.leads, 303));
  app.get(STAFF_PATHS.signIn, (c) => c.html(html(<SignInPage step="email" email={(c.req.query("email") ?? "").slice(0, 254)} message={null} next={safeNext(c.req.query("next"))} />), 200, PRIVATE));

  app.post(STAFF_PATHS.signIn, limit, async (c) => {
    const site = await siteFromHost(c.env.DB, c.req.header("host"));
    if (!site) return c.text("Unknown site", 404);
    const form = await readForm(c);
    const email = (form.email ?? "").trim().toLowerCase().slice(0, 254);
    const next = safeNext(form.next);
    const now = Date.now();
    const wait = await rateLimited(c.env.DB, `staff-code|${site.slug}|${clientOf(c.req.raw.headers)}`, STAFF_CODE_REQUESTS, now);
    if (wait !== null) return c.html(html(<SignInPage step="email" email={email} message={STAFF_CODE_LOCKED} next={next} />), 429, { ...PRIVATE, "retry-after": String(wait) });
    const staff = email ? await staffByEmail(c.env.DB, site.slug, email) : null;
    // The same answer whether or not the address is staff: the page does not tell who works here.
    if (staff && (await staffCodeLocked(c.env, staff, now)) === null && (await rateLimited(c.env.DB, `staff-address|${staff.id}`, STAFF_CODES_PER_ADDRESS, now)) === null) {
      const issued = await issueStaffCode(c.env, staff, now);
      const siteName = site.config.theme.logoText ?? site.slug;
      await emailSender(c.env, site.config.shopperEmail)({
        site: site.slug,
        to: staff.email,
        subject: `Your ${siteName} dealer sign-in code`,
        body: `Your code to sign in to ${possessive(siteName)} dealer pages is ${issued.code}. It works once, for 10 minutes.\n\nIf you did not ask for it, ignore this e-mail.\n`,
      }).catch((error: unknown) => console.error(`[mf-forms] staff code for ${site.slug} not sent: ${error instanceof Error ? error.message : String(error)}`));
    }
    return c.html(html(<SignInPage step="code" email={email} message={STAFF_CODE_SENT} next={next} />), 200, PRIVATE);
  });

  app.post(STAFF_PATHS.verify, limit, async (c) => {
    const site = await siteFromHost(c.env.DB, c.req.header("host"));
    if (!site) return c.text("Unknown site", 404);
    const form = await readForm(c);
    const email = (form.email ?? "").trim().toLowerCase().slice(0, 254);
    const code = (form.code ?? "").trim();
    const next = safeNext(form.next);
    const now = Date.now();
    const wait = await rateLimited(c.env.DB, `staff-check|${site.slug}|${clientOf(c.req.raw.headers)}`, STAFF_CODE_CHECKS, now);
    if (wait !== null) return c.html(html(<SignInPage step="code" email={email} message={STAFF_CODE_LOCKED} next={next} />), 429, { ...PRIVATE, "retry-after": String(wait) });
    const staff = email ? await staffByEmail(c.env.DB, site.slug, email) : null;
    const check = staff && /^[0-9]{6}$/.test(code) ? await checkStaffCode(c.env, staff, code, now) : { outcome: "wrong" as const, left: 0 };
    if (!staff || check.outcome !== "right") {
      const message = check.outcome === "locked" ? STAFF_CODE_LOCKED : STAFF_WRONG_CODE;
      return c.html(html(<SignInPage step="code" email={email} message={message} next={next} />), check.outcome === "locked" ? 429 : 400, PRIVATE);
    }
    c.header("set-cookie", staffCookie(await startStaffSession(c.env.DB, staff, now)));
    return c.redirect(next, 303);
  });

  app.post(STAFF_PATHS.signOut, async (c) => {
    await endStaffSession(c.env.DB, c.req.header("cookie"));
    c.header("set-cookie", clearedStaffCookie);
    c.header("set-cookie", clearedConfigPreviewCookie, { append: true });
    return c.redirect(STAFF_PATHS.signIn, 303);
  });

  const staffPage = async (c: Ctx, staff: Staff, status: 200 | 400 | 409, errors: FieldErrors = {}, notice: string | null = null) => {
    const { results } = await c.env.DB.prepare("SELECT email, name, role, last_sign_in_at FROM staff_members WHERE site = ? AND dealership_id = ? ORDER BY email")
      .bind(staff.site, staff.dealershipId)
      .all<{ email: string; name: string | null; role: string; last_sign_in_at: string | null }>();
    return c.html(html(<StaffPage staff={staff} members={results} errors={errors} notice={notice} />), status, PRIVATE);
  };
  app.get(STAFF_PATHS.staff, async (c) => {
    const allowed = await staffFor(c, "staff.invite");
    return allowed instanceof Response ? allowed : staffPage(c, allowed.staff, 200);
  });
  app.post(STAFF_PATHS.staff, limit, async (c) => {
    const allowed = await staffFor(c, "staff.invite");
    if (allowed instanceof Response) return allowed;
    const { site, staff } = allowed;
    const form = await readForm(c);
    const parsed = parseWithFieldErrors(invitationSchema, { email: form.email, role: form.role, ...(form.name?.trim() ? { name: form.name } : {}) });
    if (!parsed.ok) {
      await auditRefusedStaff(c.env.DB, staff, "staff.invite", null, fieldReasons(parsed.fieldErrors));
      return staffPage(c, staff, 400, parsed.fieldErrors);
    }
    const result = await inviteStaff(c.env, site, staff.dealershipId, parsed.data, staffActor(staff), new URL(c.req.url).origin);
    if (!result.ok) return staffPage(c, staff, result.status, result.fieldErrors);
    return staffPage(c, staff, 200, {}, result.mailed ? `Invited ${parsed.data.email}: we e-mailed them how to sign in.` : `Invited ${parsed.data.email}, but the e-mail could not be sent: tell them to sign in at ${STAFF_PATHS.signIn}.`);
  });

  const configPage = async (c: Ctx, staff: Staff, status: 200 | 400 | 404, options: { override?: Record<string, unknown>; errors?: FieldErrors; notice?: string | null } = {}) => {
    const [published, draft, versions, slots] = await Promise.all([
      publishedOverride(c.env.DB, staff.site),
      draftOf(c.env.DB, staff),
      listVersions(c.env.DB, staff.site),
      listSecretSlots(c.env.DB, staff.site),
    ]);
    const override = options.override ?? draft?.override ?? published.override;
    return c.html(
      html(<ConfigPage staff={staff} override={override} version={published.version} versions={versions} errors={options.errors ?? {}} notice={options.notice ?? null} previewing={draft !== null} slots={slots.map((slot) => slot.name)} />),
      status,
      PRIVATE,
    );
  };
  app.get(STAFF_PATHS.config, async (c) => {
    const allowed = await staffFor(c, "config.publish");
    return allowed instanceof Response ? allowed : configPage(c, allowed.staff, 200);
  });
  app.post(STAFF_PATHS.config, limit, async (c) => {
    const allowed = await staffFor(c, "config.publish");
    if (allowed instanceof Response) return allowed;
    const { staff } = allowed;
    const form = await readForm(c);
    const { action, version: versionText, ...fields } = form;
    if (action === "end-preview") {
      await discardDraft(c.env.DB, staff);
      c.header("set-cookie", clearedConfigPreviewCookie);
      return configPage(c, staff, 200, { notice: "Preview ended; the draft is discarded." });
    }
    if (action === "rollback") {
      const version = await rollbackConfig(c.env, staff, Number(versionText));
      if (version === null) {
        await auditRefusedStaff(c.env.DB, staff, "config.rollback", null, [`no version ${String(versionText).slice(0, 20)}`]);
        return configPage(c, staff, 404, { notice: "No such version." });
      }
      if (typeof version !== "number") {
        await auditRefusedStaff(c.env.DB, staff, "config.rollback", `version ${String(versionText).slice(0, 20)}`, fieldReasons(version));
        return configPage(c, staff, 400, { notice: `Version ${versionText} cannot be published again.`, errors: version });
      }
      return configPage(c, staff, 200, { notice: `Rolled back to version ${versionText}, published as version ${version}.` });
    }
    if (action !== "preview" && action !== "publish") return configPage(c, staff, 400, { notice: "Choose Preview or Publish." });
    const draft = await draftOf(c.env.DB, staff);
    const current = draft?.override ?? (await publishedOverride(c.env.DB, staff.site)).override;
    const result = overrideFromForm(fields, current);
    const errors = result.ok ? policyErrors(c.env, result.override) : result.fieldErrors;
    if (!result.ok || Object.keys(errors).length) {
      await auditRefusedStaff(c.env.DB, staff, `config.${action}`, null, fieldReasons(errors));
      return configPage(c, staff, 400, { override: current, errors });
    }
    if (action === "preview") {
      c.header("set-cookie", configPreviewCookie(await saveDraft(c.env.DB, staff, result.override)));
      return configPage(c, staff, 200, { notice: "Draft saved. Open the site in this browser to preview it; publish when it is right." });
    }
    const version = await publishConfig(c.env, staff, result.override);
    c.header("set-cookie", clearedConfigPreviewCookie);
    return configPage(c, staff, 200, { notice: `Published as version ${version}.` });
  });

  app.get(STAFF_PATHS.audit, async (c) => {
    const allowed = await staffFor(c, "audit.read");
    if (allowed instanceof Response) return allowed;
    const { staff } = allowed;
    const entries = await listAudit(c.env.DB, staff.site, staff.dealershipId);
    return c.html(
      html(
        <Page title="Audit log" staff={staff}>
          <h1>Audit log</h1>
          <table>
            <thead>
              <tr>
                <th>When (UTC)</th>
                <th>Who</th>
                <th>What</th>
                <th>Subject</th>
                <th>Detail</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => {
                const words = auditWords(entry);
                return (
                  <tr key={entry.id} data-audit-action={entry.action}>
                    <td>{entry.created_at.slice(0, 19).replace("T", " ")}</td>
                    <td>{entry.actor.replace(/^staff:\S+ /, "")}</td>
                    <td>{words.what}</td>
                    <td>{entry.subject ?? ""}</td>
                    <td>{words.detail}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </Page>,
      ),
      200,
      PRIVATE,
    );
  });

  return app;
}
