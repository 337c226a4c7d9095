import { Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { bodyLimit } from "@dealer/shared/http";
import { renderToString } from "react-dom/server";
import type { Env } from "../env";
import { CROSS_SITE_REFUSED, isCrossSite } from "../leads/guard";
import { type Dealer, dealerForKey, listLeads, listQuerySchema } from "../leads/dealer-api";

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

function Inbox({ dealer, leads, status }: { dealer: Dealer; leads: Lead[]; status: string | undefined }) {
  return (
    <Page title={`Leads: ${dealer.dealershipName}`}>
      <h1>Leads for {dealer.dealershipName}</h1>
      <form method="get" action={INBOX_PATH}>
        <label htmlFor="inbox-status">Delivery status</label>{" "}
        <select id="inbox-status" name="status" defaultValue={status ?? ""}>
          <option value="">All</option>
          <option value="pending">Pending</option>
          <option value="delivered">Delivered</option>
          <option value="failed">Failed</option>
        </select>{" "}
        <button type="submit">Show</button>
      </form>
      <form method="post" action={INBOX_PATH}>
        <input type="hidden" name="action" value="sign-out" />
        <button type="submit">Sign out</button>
      </form>
      <table>
        <caption>{leads.length === 1 ? "1 lead, newest first" : `${leads.length} leads, newest first`}</caption>
        <thead>
          <tr>
            <th scope="col">Lead</th>
            <th scope="col">Received</th>
            <th scope="col">Kind</th>
            <th scope="col">Customer</th>
            <th scope="col">Message</th>
            <th scope="col">Delivery</th>
          </tr>
        </thead>
        <tbody>
          {leads.map((lead) => (
            <tr key={lead.lead_id} data-lead-id={lead.lead_id}>
              <td>{lead.lead_id}</td>
              <td>{lead.created_at}</td>
              <td>{lead.kind.replace(/_/g, " ")}</td>
              <td>{contact(lead)}</td>
              <td>{String(lead.values.message ?? "")}</td>
              <td>
                {lead.delivery_status}
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
              </td>
            </tr>
          ))}
        </tbody>
      </table>
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
    return c.html(html(<Inbox dealer={dealer} leads={leads} status={filters.status} />), 200, PRIVATE);
  });

  app.post(INBOX_PATH, bodyLimit(4 * 1024), async (c) => {
    if (isCrossSite(c.req.raw.headers)) return c.text(CROSS_SITE_REFUSED, 403);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const secure = new URL(c.req.url).protocol === "https:";
    if (form.action === "sign-out") {
      deleteCookie(c, COOKIE, { path: INBOX_PATH, secure });
      return c.redirect(INBOX_PATH, 303);
    }
    const key = typeof form.key === "string" ? form.key.trim() : "";
    const dealer = key.length <= 200 ? await dealerForKey(c.env.DB, c.req.header("host"), key) : null;
    if (!dealer) return c.html(html(<SignIn error={WRONG_KEY} />), 401, PRIVATE);
    setCookie(c, COOKIE, key, { path: INBOX_PATH, httpOnly: true, secure, sameSite: "Strict", maxAge: SESSION_SECONDS });
    return c.redirect(INBOX_PATH, 303);
  });

  return app;
}
