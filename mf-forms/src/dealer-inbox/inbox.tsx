import { Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { bodyLimit } from "@dealer/shared/http";
import { renderToString } from "react-dom/server";
import type { Env } from "../env";
import { CROSS_SITE_REFUSED, isCrossSite } from "../leads/guard";
import type { z } from "zod";
import { kindWords, leadSections } from "../delivery/lead-words";
import { type Dealer, dealerForKey, LEAD_STATUSES, type LeadStatus, leadUpdateSchema, leadsCsv, listLeads, listQuerySchema, updateLead } from "../leads/dealer-api";

export const INBOX_PATH = "/dealer/leads";
/** The dealership key, once signed in: HttpOnly, only sent to the inbox path of this host. */
const COOKIE = "dealer_inbox_key";
const SESSION_SECONDS = 8 * 60 * 60;
export const WRONG_KEY = "That key is not a dealership key for this site.";

type Lead = Awaited<ReturnType<typeof listLeads>>[number];

function Page({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <html lang="en-AU">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
      </head>
      <body>
        <main>{children}</main>
      </body>
    </html>
  );
}

function SignIn({ error }: { error: string | null }) {
  return (
    <Page title="Dealer lead inbox: sign in">
      <h1>Dealer lead inbox</h1>
      <form method="post" action={INBOX_PATH}>
        {error && (
          <p role="alert" id="inbox-error">
            {error}
          </p>
        )}
        <label htmlFor="dealer-key">Dealership key</label>{" "}
        <input id="dealer-key" name="key" type="password" autoComplete="current-password" required aria-describedby={error ? "inbox-error" : undefined} />{" "}
        <button type="submit">Sign in</button>
      </form>
    </Page>
  );
}

const contact = (lead: Lead) => ["name", "email", "phone", "postcode"].map((field) => lead.values[field]).filter(Boolean).join(" · ");
const STATUS_WORDS: Record<LeadStatus, string> = { new: "New", contacted: "Contacted", appointment: "Appointment", sold: "Sold", lost: "Lost" };
const date = (iso: string) => iso.slice(0, 16).replace("T", " ");
/** The newest earlier leads of the same shopper a card lists. */
const EARLIER_SHOWN = 5;
type Filters = z.infer<typeof listQuerySchema>;
type LocationOption = { id: number; name: string };

/** Every field of the lead in words (the same sections as the dealer's e-mail), the car's photo first. */
function LeadDetails({ lead }: { lead: Lead }) {
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

function LeadCard({ lead }: { lead: Lead }) {
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

function Inbox({ dealer, leads, filters, locations }: { dealer: Dealer; leads: Lead[]; filters: Filters; locations: LocationOption[] }) {
  const csv = new URLSearchParams(Object.entries({ ...filters, format: "csv" }).flatMap(([key, value]) => (value === undefined || key === "limit" ? [] : [[key, String(value)]])));
  return (
    <Page title={`Leads: ${dealer.dealershipName}`}>
      <h1>Leads for {dealer.dealershipName}</h1>
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
      <form method="post" action={INBOX_PATH}>
        <input type="hidden" name="action" value="sign-out" />
        <button type="submit">Sign out</button>
      </form>
      <p>{leads.length === 1 ? "1 lead, newest first" : `${leads.length} leads, newest first`}</p>
      {leads.map((lead) => (
        <LeadCard key={lead.lead_id} lead={lead} />
      ))}
    </Page>
  );
}

const html = (element: React.ReactElement) => `<!doctype html>${renderToString(element)}`;
/** The inbox is private to the signed-in dealership: never cached or framed. */
const PRIVATE = { "cache-control": "no-store", "x-frame-options": "DENY" };

/**
 * The dealership's lead inbox (ADR 0021): sign in with the dealership key (the one the lead API takes), then
 * the leads of that dealership on this site with their delivery state. The key travels in a POST body and
 * then an HttpOnly, SameSite=Strict cookie limited to this path: never in a URL.
 */
export function createDealerInbox() {
  const app = new Hono<{ Bindings: Env }>();

  app.get(INBOX_PATH, async (c) => {
    const dealer = await dealerForKey(c.env.DB, c.req.header("host"), getCookie(c, COOKIE));
    if (!dealer) return c.html(html(<SignIn error={null} />), 200, PRIVATE);
    const query = listQuerySchema.safeParse(c.req.query());
    const filters = query.success ? query.data : listQuerySchema.parse({});
    const leads = await listLeads(c.env.DB, dealer, filters);
    if (filters.format === "csv") return c.body(leadsCsv(leads), 200, { ...PRIVATE, "content-type": "text/csv; charset=utf-8", "content-disposition": 'attachment; filename="leads.csv"' });
    const { results: locations } = await c.env.DB.prepare("SELECT id, json_extract(data, '$.name') AS name FROM locations WHERE site = ? AND dealership_id = ? ORDER BY id")
      .bind(dealer.site, dealer.dealershipId)
      .all<LocationOption>();
    return c.html(html(<Inbox dealer={dealer} leads={leads} filters={filters} locations={locations} />), 200, PRIVATE);
  });

  app.post(INBOX_PATH, bodyLimit(8 * 1024), async (c) => {
    if (isCrossSite(c.req.raw.headers)) return c.text(CROSS_SITE_REFUSED, 403);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const secure = new URL(c.req.url).protocol === "https:";
    if (form.action === "sign-out") {
      deleteCookie(c, COOKIE, { path: INBOX_PATH, secure });
      return c.redirect(INBOX_PATH, 303);
    }
    if (form.action === "update") {
      const dealer = await dealerForKey(c.env.DB, c.req.header("host"), getCookie(c, COOKIE));
      if (!dealer) return c.html(html(<SignIn error={null} />), 401, PRIVATE);
      const leadId = Number(form.lead_id);
      const update = leadUpdateSchema.safeParse({ status: form.status, assigned_to: form.assigned_to, note: form.note });
      if (!Number.isInteger(leadId) || !update.success) return c.text("That update is not valid: choose a status, and keep names and notes short.", 400);
      if (!(await updateLead(c.env.DB, dealer, leadId, update.data))) return c.text("No such lead.", 404);
      return c.redirect(`${INBOX_PATH}#lead-${leadId}`, 303);
    }
    const key = typeof form.key === "string" ? form.key.trim() : "";
    const dealer = key.length <= 200 ? await dealerForKey(c.env.DB, c.req.header("host"), key) : null;
    if (!dealer) return c.html(html(<SignIn error={WRONG_KEY} />), 401, PRIVATE);
    setCookie(c, COOKIE, key, { path: INBOX_PATH, httpOnly: true, secure, sameSite: "Strict", maxAge: SESSION_SECONDS });
    return c.redirect(INBOX_PATH, 303);
  });

  return app;
}
