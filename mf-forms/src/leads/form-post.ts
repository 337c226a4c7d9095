import { FORM_ERRORS_HEADING } from "@dealer/shared/contract";
import { escapeMarkup } from "@dealer/shared/http";
import { FORM_SUBMIT_ERROR } from "@dealer/shared/rules";

/** Form fields that are not customer values: the lead's envelope, the honeypot and the idempotency key. */
const ENVELOPE = new Set(["kind", "idempotency_key", "website", "car_id", "cf-turnstile-response", "booking", "request", "disclaimer"]);
const BOOLEANS = new Set(["opt_in", "terms_conditions", "form_completed", "offer_accepted"]);
const NUMBERS = new Set(["car_id", "location_id", "kms", "vehicle.year", "vehicle.kms", "vehiclePriceBudget"]);
const LISTS = new Set(["additional_services"]);

type FormBody = Record<string, string | File | (string | File)[]>;

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
  if (BOOLEANS.has(name)) return value === "true" || value === "on";
  if (NUMBERS.has(name)) return value.trim() === "" ? undefined : Number(value.replace(/[,\s]|kms?$/gi, ""));
  return value;
}

/**
 * A plain form post (the form before its script has loaded) as the JSON lead the script would send:
 * dotted names are nested fields (vehicle.make), other names are customer values, checkboxes are booleans.
 * userData comes from the request itself: the page that posted (Referer) and the browser (User-Agent).
 */
export function leadFromForm(form: FormBody, headers: Headers): { lead: Record<string, unknown>; key: string | null; honeypot: string; turnstileToken: string | null } {
  const lead: Record<string, unknown> = { values: {} };
  const values = lead.values as Record<string, unknown>;
  // Unchecked boxes are absent from a form post.
  values.opt_in = false;
  values.terms_conditions = false;
  const text = (name: string) => {
    const field = form[name];
    const first = Array.isArray(field) ? field[0] : field;
    return typeof first === "string" ? first : null;
  };
  for (const [name, field] of Object.entries(form)) {
    if (name === "idempotency_key" || name === "website" || name === "cf-turnstile-response" || name === "car_id") continue;
    const raw = (Array.isArray(field) ? field : [field]).filter((item): item is string => typeof item === "string");
    const value = coerce(name, raw);
    if (value === undefined) continue;
    if (name.includes(".")) setPath(lead, name.split("."), value);
    else if (ENVELOPE.has(name)) lead[name] = value;
    else values[name] = value;
  }
  const page = headers.get("referer") ?? "";
  let path = "";
  try {
    path = page ? new URL(page).pathname : "";
  } catch {
    path = "";
  }
  const carId = coerce("car_id", [text("car_id") ?? ""]);
  lead.userData = {
    url: page,
    source: "Website",
    user_agent: headers.get("user-agent") ?? "",
    ...(carId === undefined ? {} : { car_id: carId }),
    lead_attributes: { visited_pages: path ? [path] : [], linked_query_params: {} },
  };
  return { lead, key: text("idempotency_key"), honeypot: text("website") ?? "", turnstileToken: text("cf-turnstile-response") };
}

/**
 * The answer to a plain form post that could not be taken: the spec's texts, each bad field named,
 * and a way back to the form (the browser keeps what was typed).
 */
export function formErrorPage(status: number, message: string, fieldErrors: Record<string, string[]>, back: string | null): Response {
  const items = Object.entries(fieldErrors).flatMap(([field, messages]) => messages.map((text) => `<li><strong>${escapeMarkup(field.replace(/^values\./, ""))}</strong>: ${escapeMarkup(text)}</li>`));
  const heading = items.length ? FORM_ERRORS_HEADING : FORM_SUBMIT_ERROR;
  let backHref = "/";
  try {
    backHref = back ? new URL(back).pathname + new URL(back).search : "/";
  } catch {
    backHref = "/";
  }
  const html = `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeMarkup(heading)}</title></head>
<body><main><h1>${escapeMarkup(heading)}</h1><p role="alert">${escapeMarkup(message)}</p>${items.length ? `<ul>${items.join("")}</ul>` : ""}<p><a href="${escapeMarkup(backHref)}">Back to the form</a></p></main></body></html>`;
  return new Response(html, { status, headers: { "content-type": "text/html; charset=utf-8" } });
}
