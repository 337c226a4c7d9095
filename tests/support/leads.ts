import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { fetchSite, fetchSiteOnHost, GATEWAY_PORT } from "./platform";

/** A valid enquiry as the form sends it; `over` replaces top-level parts. */
export function enquiry(over: Record<string, unknown> = {}, values: Record<string, unknown> = {}) {
  return {
    kind: "enquiry",
    form: "enquiry",
    values: { name: "Jo Citizen", email: `jo-${randomUUID()}@example.com`, phone: "0412 345 678", postcode: "4000", message: "Is it available?", category: "Vehicle Enquiry", opt_in: true, ...values },
    userData: { url: "http://example/contact", source: "Website", user_agent: "tests", lead_attributes: { visited_pages: ["/contact"], linked_query_params: {} } },
    ...over,
  };
}

/**
 * POST /api/leads as the site's own page would (same Origin), each call from its own client address
 * unless one is given, so tests do not share a rate-limit window.
 */
export function postLead(site: string, body: unknown, headers: Record<string, string> = {}, host?: string) {
  const init = {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: `http://${site}.localhost:${GATEWAY_PORT}`,
      "cf-connecting-ip": `198.51.100.${Math.floor(Math.random() * 250) + 1}-${randomUUID().slice(0, 8)}`,
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  };
  return host ? fetchSiteOnHost(host, "/api/leads", init) : fetchSite(site, "/api/leads", init);
}

/** The dealership's view of its leads (JSON), by its key. */
export async function dealerLeads(site: string, key: string, query = ""): Promise<DealerLead[]> {
  const response = await fetchSite(site, `/api/leads${query}`, { headers: { authorization: `Bearer ${key}` } });
  if (response.status !== 200) throw new Error(`GET /api/leads answered ${response.status}`);
  return ((await response.json()) as { leads: DealerLead[] }).leads;
}
export type DealerLead = {
  lead_id: number;
  delivery_status: string;
  queued_at: string | null;
  attempts: number;
  values: Record<string, unknown>;
  deliveries: { destination: string; status: string; attempts: number; last_error: string | null }[];
};

/** A page in its own browser context with its own client address, so the per-client lead limit never meets another test. */
export async function shopperPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { "cf-connecting-ip": `192.0.2.${Math.floor(Math.random() * 250)}-${randomUUID().slice(0, 8)}` } });
  return context.newPage();
}
