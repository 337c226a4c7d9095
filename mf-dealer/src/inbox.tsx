import { fieldReasons } from "@dealer/shared/audit";
import { CHAT_MESSAGE_MAX, LEAD_STATUS_WORDS, LEAD_STATUSES, LEAD_UPDATE_LIMITS } from "@dealer/shared/contract";
import { bodyLimit } from "@dealer/shared/http";
import { staffMay } from "@dealer/shared/rules";
import { auditRefusedStaff, STAFF_PATHS, type Staff } from "@dealer/shared/staff";
import { buttonClass } from "@dealer/shared/ui";
import { Hono } from "hono";
import { staffFor } from "./access";
import type { Env } from "./env";
import { answerOf, formsApi } from "./forms-api";
import { INBOX_FILTERS, type InboxLead, inboxAnswerSchema } from "./inbox-lead";
import { ConsoleField, ErrorList, html, invalidProps, Page, PRIVATE } from "./page";

const INBOX_PATH = STAFF_PATHS.leads;
/** A 2,000-character note or reply in any script fits URL-encoded (up to 9 bytes a character): past its limit it is a 400 naming it, not a 413. */
const INBOX_POST_MAX_BYTES = 32 * 1024;
/** The newest earlier leads of the same shopper a card lists. */
const EARLIER_SHOWN = 5;
const FILTER_LABELS: Record<string, string> = { lead_status: "Status", location: "Location", status: "Delivery status", from: "From", to: "To", limit: "How many" };

const contact = (lead: InboxLead) => ["name", "email", "phone", "postcode"].map((field) => lead.values[field]).filter(Boolean).join(" · ");
const date = (iso: string) => iso.slice(0, 16).replace("T", " ");
type LocationOption = { id: number; name: string };

/** Every field of the lead in words (the same sections as the dealer's e-mail, from the lead API), the car's photo first. */
export function LeadDetails({ lead }: { lead: InboxLead }) {
  if (!lead.record || !lead.words) {
    return (
      <p>
        {contact(lead)}
        <br />
        {String(lead.values.message ?? "")}
      </p>
    );
  }
  const { vehicle } = lead.record;
  return (
    <>
      {vehicle?.photo_url && (
        <a href={vehicle.url ?? undefined}>
          <img src={vehicle.photo_url} alt={vehicle.title ?? ""} width={240} className="console-photo" />
        </a>
      )}
      {lead.words.sections.map((section) => (
        <section key={section.title} aria-label={section.title}>
          <h3>{section.title}</h3>
          <dl className="console-details">
            {section.rows.map((row) => (
              <div key={row.label}>
                <dt>{row.label}</dt>
                <dd>{row.href ? <a href={row.href}>{row.value}</a> : row.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </>
  );
}

/** A chat lead's conversation (ADR 0049) and the reply box: the reply shows on the shopper's page and is e-mailed or texted. */
function ChatThread({ lead, chat, canReply }: { lead: InboxLead; chat: NonNullable<InboxLead["chat"]>; canReply: boolean }) {
  const id = `lead-${lead.lead_id}-reply`;
  return (
    <section aria-label="Chat">
      <h3>Chat</h3>
      <ol data-chat-thread={lead.lead_id}>
        {chat.map((message) => (
          <li key={message.id}>
            {`${date(message.created_at)} ${message.author === "dealer" ? (message.author_name ?? "Dealer") : "Shopper"}: ${message.body}`}
            {message.notified ? ` (${message.notified})` : ""}
          </li>
        ))}
      </ol>
      {canReply && (
        <form method="post" action={INBOX_PATH} aria-label={`Reply to chat ${lead.lead_id}`} className="console-form">
          <input type="hidden" name="action" value="reply" />
          <input type="hidden" name="lead_id" value={lead.lead_id} />
          <ConsoleField id={id} label="Reply">
            <textarea className="ui-input" id={id} name="message" rows={2} maxLength={CHAT_MESSAGE_MAX} required />
          </ConsoleField>
          <button type="submit" className={buttonClass({ variant: "primary" })}>
            Send reply
          </button>
        </form>
      )}
    </section>
  );
}

/** The lead statuses as a select's options, in the dealer's words. */
function StatusOptions() {
  return LEAD_STATUSES.map((status) => (
    <option key={status} value={status}>
      {LEAD_STATUS_WORDS[status]}
    </option>
  ));
}

function LeadCard({ lead, canUpdate }: { lead: InboxLead; canUpdate: boolean }) {
  const name = lead.record?.customer.full_name ?? String(lead.values.name ?? "");
  const id = (field: string) => `lead-${lead.lead_id}-${field}`;
  return (
    <article id={`lead-${lead.lead_id}`} data-lead-id={lead.lead_id} aria-labelledby={id("title")} className="ui-card console-card">
      <h2 id={id("title")}>
        {`#${lead.lead_id} ${lead.words ? lead.words.kind : lead.kind.replace(/_/g, " ")}: ${name} `}
        <span data-lead-status={lead.status} className="ui-badge">{`(${LEAD_STATUS_WORDS[lead.status]})`}</span>
      </h2>
      <p>
        {[
          `Received ${date(lead.record?.created_at ?? lead.created_at)}`,
          lead.assigned_to ? `, assigned to ${lead.assigned_to}` : ", not assigned",
          lead.booking_cancelled_at ? `. The shopper cancelled the booking on ${date(lead.booking_cancelled_at)}.` : "",
        ].join("")}
      </p>
      <LeadDetails lead={lead} />
      {lead.earlier_leads.length > 0 && (
        <section aria-label="Earlier leads from this shopper">
          <h3>Earlier leads from this shopper</h3>
          <ul>
            {lead.earlier_leads.slice(0, EARLIER_SHOWN).map((earlier) => (
              <li key={earlier.lead_id}>
                <a href={`#lead-${earlier.lead_id}`}>{`#${earlier.lead_id} ${earlier.kind.replace(/_/g, " ")}, ${date(earlier.created_at)}`}</a>
              </li>
            ))}
          </ul>
          {lead.earlier_leads.length > EARLIER_SHOWN && <p>{`and ${lead.earlier_leads.length - EARLIER_SHOWN} more`}</p>}
        </section>
      )}
      {lead.chat && <ChatThread lead={lead} chat={lead.chat} canReply={canUpdate} />}
      {lead.notes.length > 0 && (
        <section aria-label="Notes">
          <h3>Notes</h3>
          <ul>
            {lead.notes.map((note) => (
              <li key={note.created_at + note.body}>{`${date(note.created_at)} ${note.author}: ${note.body}`}</li>
            ))}
          </ul>
        </section>
      )}
      {canUpdate && (
        <form method="post" action={INBOX_PATH} aria-label={`Update lead ${lead.lead_id}`} className="console-form console-form--row">
          <input type="hidden" name="action" value="update" />
          <input type="hidden" name="lead_id" value={lead.lead_id} />
          <ConsoleField id={id("status")} label="Status">
            <select className="ui-select" id={id("status")} name="status" defaultValue={lead.status}>
              <StatusOptions />
            </select>
          </ConsoleField>
          <ConsoleField id={id("assigned")} label="Assigned to">
            <input className="ui-input" id={id("assigned")} name="assigned_to" defaultValue={lead.assigned_to ?? ""} maxLength={LEAD_UPDATE_LIMITS.assignedTo} />
          </ConsoleField>
          <ConsoleField id={id("note")} label="Add a note">
            <textarea className="ui-input" id={id("note")} name="note" rows={2} maxLength={LEAD_UPDATE_LIMITS.note} />
          </ConsoleField>
          <button type="submit" className={buttonClass({ variant: "primary" })}>
            Save
          </button>
        </form>
      )}
      <div>
        {`Delivery: ${lead.delivery_status}`}
        {lead.deliveries.length > 0 && (
          <ul>
            {lead.deliveries.map((delivery) => (
              <li key={delivery.destination}>
                {`${delivery.destination}: ${delivery.status}, ${delivery.attempts} ${delivery.attempts === 1 ? "try" : "tries"}`}
                {delivery.last_error ? ` (${delivery.last_error})` : ""}
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}

function Inbox({ buildId, staff, leads, filters, locations, errors }: { buildId: string; staff: Staff; leads: InboxLead[]; filters: Record<string, string>; locations: LocationOption[]; errors: Record<string, string[]> }) {
  const csv = new URLSearchParams(Object.entries({ ...filters, format: "csv" }).filter(([key]) => key !== "limit"));
  return (
    <Page title={`Leads: ${staff.dealershipName}`} staff={staff} buildId={buildId} path={INBOX_PATH}>
      <h1>Leads for {staff.dealershipName}</h1>
      <form method="get" action={INBOX_PATH} className="console-filters">
        <ErrorList errors={errors} labelOf={(field) => FILTER_LABELS[field] ?? field} />
        <ConsoleField id="inbox-lead-status" label="Status" errors={errors.lead_status}>
          <select className="ui-select" id="inbox-lead-status" name="lead_status" defaultValue={filters.lead_status ?? ""} {...invalidProps("inbox-lead-status", errors.lead_status)}>
            <option value="">All</option>
            <StatusOptions />
          </select>
        </ConsoleField>
        <ConsoleField id="inbox-location" label="Location" errors={errors.location}>
          <select className="ui-select" id="inbox-location" name="location" defaultValue={filters.location ?? ""} {...invalidProps("inbox-location", errors.location)}>
            <option value="">All</option>
            {locations.map((location) => (
              <option key={location.id} value={location.id}>
                {location.name}
              </option>
            ))}
          </select>
        </ConsoleField>
        <ConsoleField id="inbox-status" label="Delivery status" errors={errors.status}>
          <select className="ui-select" id="inbox-status" name="status" defaultValue={filters.status ?? ""} {...invalidProps("inbox-status", errors.status)}>
            <option value="">All</option>
            <option value="pending">Pending</option>
            <option value="delivered">Delivered</option>
            <option value="failed">Failed</option>
          </select>
        </ConsoleField>
        <div className="console-actions">
          <button type="submit" className={buttonClass({ variant: "primary" })}>
            Show
          </button>
          <a href={`${INBOX_PATH}?${csv}`} className={buttonClass({})}>
            Export CSV
          </a>
        </div>
      </form>
      <p>{leads.length === 1 ? "1 lead, newest first" : `${leads.length} leads, newest first`}</p>
      {leads.map((lead) => (
        <LeadCard key={lead.lead_id} lead={lead} canUpdate={staffMay(staff.role, "leads.update")} />
      ))}
    </Page>
  );
}

/**
 * The dealership's lead inbox (ADR 0021, 0045): for its signed-in staff, the leads of their dealership on this
 * site with their delivery state, read from and changed through the lead API (mf-forms) with the staff member's
 * cookie (ADR 0069); salespeople and admins change a lead's status, assignee and notes, and answer chats (audited).
 * No dealership key ever reaches the browser.
 */
export function createDealerInbox() {
  const app = new Hono<{ Bindings: Env }>();

  app.get(INBOX_PATH, async (c) => {
    const allowed = await staffFor(c, "leads.read");
    if (allowed instanceof Response) return allowed;
    const { staff } = allowed;
    const given = c.req.query();
    const format = given.format === "csv" ? "csv" : "json";
    // An empty box is no filter; a filter the API does not know is named, not dropped.
    const filters = Object.fromEntries(Object.entries(given).filter(([key, value]) => (INBOX_FILTERS as readonly string[]).includes(key) && value !== ""));
    const unknown = Object.keys(given).filter((key) => key !== "format" && !(INBOX_FILTERS as readonly string[]).includes(key));
    const { results: locations } = await c.env.DB.prepare("SELECT id, json_extract(data, '$.name') AS name FROM locations WHERE site = ? AND dealership_id = ? ORDER BY id")
      .bind(staff.site, staff.dealershipId)
      .all<LocationOption>();
    const page = (status: 200 | 400 | 503, leads: InboxLead[], errors: Record<string, string[]>) =>
      c.html(html(<Inbox buildId={c.env.BUILD_ID} staff={staff} leads={leads} filters={filters} locations={locations} errors={errors} />), status, PRIVATE);
    if (unknown.length) return page(400, [], Object.fromEntries(unknown.slice(0, 5).map((key) => [key.slice(0, 40), ["This page has no such filter."]])));
    const answer = await formsApi(c, `/api/leads?${new URLSearchParams({ ...filters, format, ...(format === "json" ? { words: "1" } : {}) })}`);
    if (answer.status === 400) return page(400, [], (await answerOf(answer)).fieldErrors);
    if (!answer.ok) return page(503, [], { leads: ["The leads could not be read just now. Please try again in a moment."] });
    if (format === "csv") return c.body(await answer.text(), 200, { ...PRIVATE, "content-type": "text/csv; charset=utf-8", "content-disposition": 'attachment; filename="leads.csv"' });
    const parsed = inboxAnswerSchema.safeParse(await answer.json().catch(() => null));
    if (!parsed.success) {
      console.error(`[mf-dealer] the lead API's answer did not parse: ${parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`);
      return page(503, [], { leads: ["The leads could not be read just now. Please try again in a moment."] });
    }
    return page(200, parsed.data.leads, {});
  });

  app.post(INBOX_PATH, bodyLimit(INBOX_POST_MAX_BYTES), async (c) => {
    const allowed = await staffFor(c, "leads.update");
    if (allowed instanceof Response) return allowed;
    const { staff } = allowed;
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const leadId = Number(form.lead_id);
    const attempted = form.action === "reply" ? "chat.reply" : "lead.update";
    const subject = Number.isInteger(leadId) && leadId > 0 ? `lead ${leadId}` : null;
    // Every refusal names its field: the page's own form never sends these. The lead API audits its own refusals.
    const refuse = (status: 400 | 404 | 503, message: string, reasons?: string[]) => c.text(reasons ? `${message} ${reasons.join("; ")}` : message, status, PRIVATE);
    if (!subject) {
      await auditRefusedStaff(c.env.DB, staff, attempted, null, ["lead_id: That request names no lead."]);
      return refuse(400, "lead_id: That request names no lead.");
    }
    const answer =
      attempted === "chat.reply"
        ? await formsApi(c, `/api/leads/${leadId}/replies`, { method: "POST", json: { message: form.message } })
        : await formsApi(c, `/api/leads/${leadId}`, { method: "PATCH", json: { status: form.status, assigned_to: form.assigned_to, note: form.note } });
    if (answer.ok) return c.redirect(`${INBOX_PATH}#lead-${leadId}`, 303);
    const { fieldErrors } = await answerOf(answer);
    if (answer.status === 400) {
      return refuse(400, attempted === "chat.reply" ? `That reply is not valid (1 to ${CHAT_MESSAGE_MAX} characters):` : "That update is not valid:", fieldReasons(fieldErrors));
    }
    if (answer.status === 404) return refuse(404, attempted === "chat.reply" ? "No such chat." : "No such lead.");
    if (answer.status === 403) return refuse(400, "Your role does not allow this.");
    return refuse(503, "The lead could not be changed just now. Please try again in a moment.");
  });

  return app;
}

