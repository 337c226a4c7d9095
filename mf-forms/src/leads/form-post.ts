import { FORM_ERRORS_HEADING } from "@dealer/shared/contract";
import { escapeMarkup } from "@dealer/shared/http";
import { FORM_SUBMIT_ERROR } from "@dealer/shared/rules";
import { BOOLEAN_FIELDS, NUMBER_FIELDS, numberFromInput } from "./variants";

/** Fields of a form post that are not part of the lead. */
const NOT_LEAD = new Set(["idempotency_key", "website", "cf-turnstile-response", "car_id"]);
const LISTS = new Set(["values.additional_services"]);

function setPath(target: Record<string, unknown>, path: string[], value: unknown): void {
  const [head, ...rest] = path;
  if (head === undefined || head === "__proto__" || head === "constructor" || head === "prototype") return;
  if (rest.length === 0) {
    target[head] = value;
    return;
  }
  const child = target[head];
  const next = typeof child === "object" && child !== null && !Array.isArray(child) ? (child as Record<string, unknown>) : {};
  target[head] = next;
  setPath(next, rest, value);
}

function coerce(name: string, raw: string[]): unknown {
  if (LISTS.has(name)) return raw;
  const value = raw[raw.length - 1] ?? "";
  if (BOOLEAN_FIELDS.has(name)) return value === "true" || value === "on";
  if (NUMBER_FIELDS.has(name)) return numberFromInput(value);
  return value === "" ? undefined : value;
}

/**
 * A plain form post (the form before its script has loaded) as the JSON lead the script would send. Field
 * names are the lead's paths ('values.name', 'vehicle.make', 'booking'); checkboxes are booleans; blank
 * optional fields are left out. userData comes from the request: the page that posted (Referer), the browser.
 */
export function leadFromForm(form: URLSearchParams, headers: Headers): { lead: Record<string, unknown>; key: string | null; honeypot: string; turnstileToken: string | null } {
  // Unchecked boxes are absent from a form post.
  const lead: Record<string, unknown> = { values: { opt_in: false, terms_conditions: false } };
  for (const name of new Set(form.keys())) {
    if (NOT_LEAD.has(name)) continue;
    const value = coerce(name, form.getAll(name));
    if (value !== undefined) setPath(lead, name.split("."), value);
  }
  const page = headers.get("referer") ?? "";
  let path = "";
  try {
    path = page ? new URL(page).pathname : "";
  } catch {
    path = "";
  }
  const carId = numberFromInput(form.get("car_id") ?? "");
  lead.userData = {
    url: page,
    source: "Website",
    user_agent: headers.get("user-agent") ?? "",
    ...(carId === undefined ? {} : { car_id: carId }),
    lead_attributes: { visited_pages: path ? [path] : [], linked_query_params: {} },
  };
  return { lead, key: form.get("idempotency_key"), honeypot: form.get("website") ?? "", turnstileToken: form.get("cf-turnstile-response") };
}

/**
 * The answer to a plain form post that could not be taken: the spec's texts, each bad field named,
 * and a way back to the form (the browser keeps what was typed).
 */
export function formErrorPage(status: number, message: string, fieldErrors: Record<string, string[]>, back: string | null): Response {
  const items = Object.entries(fieldErrors).flatMap(([field, messages]) =>
    messages.map((text) => `<li><strong>${escapeMarkup(field.replace(/^values\./, ""))}</strong>: ${escapeMarkup(text)}</li>`),
  );
  const heading = items.length ? FORM_ERRORS_HEADING : FORM_SUBMIT_ERROR;
  let backHref = "/";
  try {
    const url = back ? new URL(back) : null;
    backHref = url ? url.pathname + url.search : "/";
  } catch {
    backHref = "/";
  }
  const main = `<h1>${escapeMarkup(heading)}</h1><p role="alert">${escapeMarkup(message)}</p>${items.length ? `<ul>${items.join("")}</ul>` : ""}<p><a href="${escapeMarkup(backHref)}">Back to the form</a></p>`;
  return plainPage(status, heading, main);
}

/** A page the lead API answers a plain form post with: a title and the main content's markup (escaped by the caller). */
export function plainPage(status: number, title: string, main: string): Response {
  const html = `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeMarkup(title)}</title></head>
<body><main>${main}</main></body></html>`;
  // An answer to one post (an offer page carries its lead's key): never cached.
  return new Response(html, { status, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
}
