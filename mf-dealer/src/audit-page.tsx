import { type AuditFilters, auditActionSchema, auditFilterSchema, auditWords, listAudit } from "@dealer/shared/audit";
import { parseWithFieldErrors } from "@dealer/shared/contract";
import { STAFF_PATHS } from "@dealer/shared/staff";
import { buttonClass } from "@dealer/shared/ui";
import { Hono } from "hono";
import type { ReactNode } from "react";
import { staffFor } from "./access";
import type { Env } from "./env";
import { ConsoleField, ErrorList, html, invalidProps, Page, PRIVATE } from "./page";

const FILTER_LABELS: Record<string, string> = { action: "What", actor: "Who", from: "From", to: "To" };

/** The audit log (admins), newest first, filtered by action, who and dates; a bad filter is a 400 naming it. */
export function createAuditPage() {
  const app = new Hono<{ Bindings: Env }>();
  app.get(STAFF_PATHS.audit, async (c) => {
    const allowed = await staffFor(c, "audit.read");
    if (allowed instanceof Response) return allowed;
    const { staff } = allowed;
    // An empty box is no filter.
    const query = Object.fromEntries(Object.entries(c.req.query()).filter(([key, value]) => key in FILTER_LABELS && value !== ""));
    const parsed = parseWithFieldErrors(auditFilterSchema, query);
    const filters: AuditFilters = parsed.ok ? parsed.data : {};
    const errors = parsed.ok ? {} : parsed.fieldErrors;
    const entries = parsed.ok ? await listAudit(c.env.DB, staff.site, staff.dealershipId, 200, filters) : [];
    const typed = (field: string) => (typeof query[field] === "string" ? query[field] : "");
    const box = (field: string, input: ReactNode) => (
      <ConsoleField id={`audit-${field}`} label={FILTER_LABELS[field] ?? field} errors={errors[field]}>
        {input}
      </ConsoleField>
    );
    const invalid = (field: string) => invalidProps(`audit-${field}`, errors[field]);
    return c.html(
      html(
        <Page title="Audit log" staff={staff} buildId={c.env.BUILD_ID} path={STAFF_PATHS.audit}>
          <h1>Audit log</h1>
          <form method="get" action={STAFF_PATHS.audit} className="console-filters" noValidate>
            <ErrorList errors={errors} labelOf={(field) => FILTER_LABELS[field] ?? field} />
            {box(
              "action",
              <select className="ui-select" id="audit-action" name="action" defaultValue={typed("action")} {...invalid("action")}>
                <option value="">All</option>
                {auditActionSchema.options.map((action) => (
                  <option key={action} value={action}>
                    {action}
                  </option>
                ))}
              </select>,
            )}
            {box("actor", <input className="ui-input" id="audit-actor" name="actor" defaultValue={typed("actor")} {...invalid("actor")} />)}
            {box("from", <input className="ui-input" type="date" id="audit-from" name="from" defaultValue={typed("from")} {...invalid("from")} />)}
            {box("to", <input className="ui-input" type="date" id="audit-to" name="to" defaultValue={typed("to")} {...invalid("to")} />)}
            <button type="submit" className={buttonClass({ variant: "primary" })}>
              Show
            </button>
          </form>
          <p>{entries.length === 1 ? "1 entry, newest first" : `${entries.length} entries, newest first`}</p>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the table scrolls sideways on a phone, so a keyboard must be able to reach it. */}
          <section className="console-table" aria-label="Audit log entries" tabIndex={0}>
            <table>
              <caption className="visually-hidden">Audit log entries</caption>
              <thead>
                <tr>
                  <th scope="col">When (UTC)</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                  <th scope="col">Subject</th>
                  <th scope="col">Detail</th>
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
          </section>
        </Page>,
      ),
      parsed.ok ? 200 : 400,
      PRIVATE,
    );
  });
  return app;
}
