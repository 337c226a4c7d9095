import { Hono } from "hono";
import { bodyLimit } from "@dealer/shared/http";
import { staffMay } from "@dealer/shared/rules";
import type { Env } from "../env";
import type { z } from "zod";
import { CHAT_MESSAGE_MAX, chatMessageSchema, replyToChat } from "../chat/api";
import { kindWords, leadSections } from "../delivery/lead-words";
import { LEAD_STATUSES, type LeadStatus, leadUpdateSchema, leadsCsv, listLeads, listQuerySchema, updateLead } from "../leads/dealer-api";
import { html, Page, PRIVATE, STAFF_PATHS } from "../staff/page";
import { fieldReasons } from "@dealer/shared/audit";
import { parseWithFieldErrors } from "@dealer/shared/contract";
import { auditRefusedStaff, staffActor, type Staff } from "../staff/sessions";
import { staffFor } from "../staff/staff-pages";

export const INBOX_PATH = STAFF_PATHS.leads;
/** A 2,000-character note or reply in any script fits URL-encoded (up to 9 bytes a character): past its limit it is a 400 naming it, not a 413. */
const INBOX_POST_MAX_BYTES = 32 * 1024;

type Lead = Awaited<ReturnType<typeof listLeads>>[number];

const contact = (lead: Lead) => ["name", "email", "phone", "postcode"].map((field) => lead.values[field]).filter(Boolean).join(" · ");
const STATUS_WORDS: Record<LeadStatus, string> = { new: "New", contacted: "Contacted", appointment: "Appointment", sold: "Sold", lost: "Lost" };
const date = (iso: string) => iso.slice(0, 16).replace("T", " ");
/** The newest earlier leads of the same shopper a card lists. */
const EARLIER_SHOWN = 5;
type Filters = z.infer<typeof listQuerySchema>;
type LocationOption = { id: number; name: string };

/** Every field of the lead in words (the same sections as the dealer's e-mail), the car's photo first. */
export function LeadDetails({ lead }: { lead: Lead }) {
  if (!lead.record) {
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
        <a href={vehicle.url}>
          <img src={vehicle.photo_url} alt={vehicle.title} width={240} />
        </a>
      )}
      {leadSections(lead.record).map((section) => (
        <section key={section.title} aria-label={section.title}>
          <h3>{section.title}</h3>
          <dl>
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
function ChatThread({ lead, chat, canReply }: { lead: Lead; chat: NonNullable<Lead["chat"]>; canReply: boolean }) {
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
        <form method="post" action={INBOX_PATH} aria-label={`Reply to chat ${lead.lead_id}`}>
          <input type="hidden" name="action" value="reply" />
          <input type="hidden" name="lead_id" value={lead.lead_id} />
          <label htmlFor={id}>Reply</label> <textarea id={id} name="message" rows={2} maxLength={CHAT_MESSAGE_MAX} required /> <button type="submit">Send reply</button>
        </form>
      )}
    </section>
  );
}

function LeadCard({ lead, canUpdate }: { lead: Lead; canUpdate: boolean }) {
  const name = lead.record?.customer.full_name ?? String(lead.values.name ?? "");
  const id = (field: string) => `lead-${lead.lead_id}-${field}`;
  return (
    <article id={`lead-${lead.lead_id}`} data-lead-id={lead.lead_id} aria-labelledby={id("title")}>
      <h2 id={id("title")}>
        {`#${lead.lead_id} ${lead.record ? kindWords(lead.record.kind) : lead.kind.replace(/_/g, " ")}: ${name} `}
        <span data-lead-status={lead.status}>{`(${STATUS_WORDS[lead.status]})`}</span>
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
      <form method="post" action={INBOX_PATH} aria-label={`Update lead ${lead.lead_id}`}>
        <input type="hidden" name="action" value="update" />
        <input type="hidden" name="lead_id" value={lead.lead_id} />
        <label htmlFor={id("status")}>Status</label>{" "}
        <select id={id("status")} name="status" defaultValue={lead.status}>
          {LEAD_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_WORDS[status]}
            </option>
          ))}
        </select>{" "}
        <label htmlFor={id("assigned")}>Assigned to</label> <input id={id("assigned")} name="assigned_to" defaultValue={lead.assigned_to ?? ""} maxLength={100} />{" "}
        <label htmlFor={id("note")}>Add a note</label> <textarea id={id("note")} name="note" rows={2} maxLength={2000} /> <button type="submit">Save</button>
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

function Inbox({ staff, leads, filters, locations }: { staff: Staff; leads: Lead[]; filters: Filters; locations: LocationOption[] }) {
  const csv = new URLSearchParams(Object.entries({ ...filters, format: "csv" }).flatMap(([key, value]) => (value === undefined || key === "limit" ? [] : [[key, String(value)]])));
  return (
    <Page title={`Leads: ${staff.dealershipName}`} staff={staff}>
      <h1>Leads for {staff.dealershipName}</h1>
      <form method="get" action={INBOX_PATH}>
        <label htmlFor="inbox-lead-status">Status</label>{" "}
        <select id="inbox-lead-status" name="lead_status" defaultValue={filters.lead_status ?? ""}>
          <option value="">All</option>
          {LEAD_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_WORDS[status]}
            </option>
          ))}
        </select>{" "}
        <label htmlFor="inbox-location">Location</label>{" "}
        <select id="inbox-location" name="location" defaultValue={filters.location ?? ""}>
          <option value="">All</option>
          {locations.map((location) => (
            <option key={location.id} value={location.id}>
              {location.name}
            </option>
          ))}
        </select>{" "}
        <label htmlFor="inbox-status">Delivery status</label>{" "}
        <select id="inbox-status" name="status" defaultValue={filters.status ?? ""}>
          <option value="">All</option>
          <option value="pending">Pending</option>
          <option value="delivered">Delivered</option>
          <option value="failed">Failed</option>
        </select>{" "}
        <button type="submit">Show</button> <a href={`${INBOX_PATH}?${csv}`}>Export CSV</a>
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
 * site with their delivery state; salespeople and admins change a lead's status, assignee and notes (audited).
 * No dealership key ever reaches the browser.
 */
export function createDealerInbox() {
  const app = new Hono<{ Bindings: Env }>();

  app.get(INBOX_PATH, async (c) => {
    const allowed = await staffFor(c, "leads.read");
    if (allowed instanceof Response) return allowed;
    const { staff } = allowed;
    const query = listQuerySchema.safeParse(c.req.query());
    const filters = query.success ? query.data : listQuerySchema.parse({});
    const leads = await listLeads(c.env.DB, staff, filters);
    if (filters.format === "csv") return c.body(leadsCsv(leads), 200, { ...PRIVATE, "content-type": "text/csv; charset=utf-8", "content-disposition": 'attachment; filename="leads.csv"' });
    const { results: locations } = await c.env.DB.prepare("SELECT id, json_extract(data, '$.name') AS name FROM locations WHERE site = ? AND dealership_id = ? ORDER BY id")
      .bind(staff.site, staff.dealershipId)
      .all<LocationOption>();
    return c.html(html(<Inbox staff={staff} leads={leads} filters={filters} locations={locations} />), 200, PRIVATE);
  });

  app.post(INBOX_PATH, bodyLimit(INBOX_POST_MAX_BYTES), async (c) => {
    const allowed = await staffFor(c, "leads.update");
    if (allowed instanceof Response) return allowed;
    const { staff } = allowed;
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const leadId = Number(form.lead_id);
    const attempted = form.action === "reply" ? "chat.reply" : "lead.update";
    const subject = Number.isInteger(leadId) ? `lead ${leadId}` : null;
    // Every refusal is audited and names its field: the page's own form never sends these.
    const refuse = async (status: 400 | 404, message: string, reasons?: string[]) => {
      await auditRefusedStaff(c.env.DB, staff, attempted, subject, reasons ?? [message]);
      return c.text(reasons ? `${message} ${reasons.join("; ")}` : message, status);
    };
    if (!subject) return refuse(400, "That request names no lead.");
    if (attempted === "chat.reply") {
      const reply = parseWithFieldErrors(chatMessageSchema, { message: form.message });
      if (!reply.ok) return refuse(400, `That reply is not valid (1 to ${CHAT_MESSAGE_MAX} characters):`, fieldReasons(reply.fieldErrors));
      const sent = await replyToChat(c.env, staff, leadId, reply.data.message, { actor: staffActor(staff), name: staff.name ?? staff.email });
      return sent ? c.redirect(`${INBOX_PATH}#lead-${leadId}`, 303) : refuse(404, "No such chat.");
    }
    const update = parseWithFieldErrors(leadUpdateSchema, { status: form.status, assigned_to: form.assigned_to, note: form.note, author: staff.name ?? staff.email });
    if (!update.ok) return refuse(400, "That update is not valid:", fieldReasons(update.fieldErrors));
    if (!(await updateLead(c.env.DB, staff, leadId, update.data, staffActor(staff)))) return refuse(404, "No such lead.");
    return c.redirect(`${INBOX_PATH}#lead-${leadId}`, 303);
  });

  return app;
}
