import type { LeadRecord } from "@dealer/shared/contract";
import { escapeMarkup, hmacSha256Hex } from "@dealer/shared/http";
import { LEAD_IMAGE_BOX } from "@dealer/shared/image-slots";
import { FIELD_LABELS as L } from "../leads/variants";
import { appointmentWords, financeRows, kindWords, licenceWords, type LeadRow, type LeadSection, leadSections, valuationWords } from "./lead-words";

/** A stored lead as destinations receive it. */
export type DeliverableLead = {
  id: number;
  site: string;
  kind: string;
  createdAt: string;
  carId: number | null;
  dealershipId: number | null;
  dealershipSlug: string | null;
  /** The validated lead as posted: kind, values, userData, consent and the kind's own fields (webhook version 1). */
  lead: { values?: Record<string, unknown>; userData?: Record<string, unknown>; consent?: Record<string, unknown> } & Record<string, unknown>;
  /** The complete record (ADR 0037): what every format carries. */
  record: LeadRecord;
};

/** Who sends the leads (ADF `provider`): the platform, named by its env (LEAD_PROVIDER_*), else the site itself. */
export type LeadProvider = { name: string; url: string | null; email: string | null };

const str = (value: unknown) => (value === undefined || value === null ? "" : String(value));

/**
 * JSON webhook body. Version 2 (ADR 0037) is the complete record, documented by its JSON Schema at
 * /api/leads/schema/v2.json; version 1, kept for receivers written before it, is the lead as posted.
 */
export function leadJson(lead: DeliverableLead, version: 1 | 2 = 2): string {
  if (version === 2) return JSON.stringify(lead.record);
  return JSON.stringify({ lead_id: lead.id, site: lead.site, dealership_id: lead.dealershipId, dealership_slug: lead.dealershipSlug, created_at: lead.createdAt, car_id: lead.carId, ...lead.lead });
}

/** An element with escaped text; empty when the value is missing (for optional elements). */
const el = (name: string, value: unknown, attributes = "") => (value === null || value === undefined || value === "" ? "" : `<${name}${attributes}>${escapeMarkup(str(value))}</${name}>`);
/** A required element: present even when empty. */
const must = (name: string, value: unknown, attributes = "") => `<${name}${attributes}>${escapeMarkup(str(value))}</${name}>`;
const attr = (name: string, value: string) => ` ${name}="${escapeMarkup(value)}"`;
const lines = (...parts: string[]) => parts.filter(Boolean).join("\n");

const aud = (type: string, limit: string) => `${attr("type", type)}${attr("limit", limit)}${attr("currency", "AUD")}`;

/**
 * ADF `finance` (method, amount+, balance?): the budget as the total, the deposit as the down payment, the
 * calculator's repayment as the monthly amount when it is monthly and its balloon as the residual balance. ADF has
 * no element for the term, the rate or a weekly or fortnightly amount: every figure is also in the comments, labelled.
 */
function adfFinance(finance: NonNullable<LeadRecord["finance"]>): string {
  const calculator = finance.calculator;
  return `<finance>${must("method", "finance")}${must("amount", finance.budget ?? "", aud("total", "maximum"))}${el("amount", finance.deposit, aud("downpayment", "exact"))}${
    calculator?.frequency === "monthly" ? el("amount", calculator.repayment, aud("monthly", "exact")) : ""
  }${el("balance", calculator?.balloon, `${attr("type", "residual")}${attr("currency", "AUD")}`)}</finance>`;
}

function adfCarOfInterest(record: LeadRecord): string {
  const car = record.vehicle;
  const interest = record.kind === "test_drive" ? "test-drive" : "buy";
  const finance = record.finance;
  const financeXml = finance && (finance.budget !== null || finance.deposit !== null || finance.calculator) ? adfFinance(finance) : "";
  // The DTD requires a vehicle with year, make and model: a lead about no car (contact us, a finance budget)
  // carries them empty and says so in comments, as CRMs that take such leads expect.
  if (!car) {
    return `<vehicle${attr("interest", interest)}${attr("status", "used")}>${must("year", "")}${must("make", "")}${must("model", "")}${financeXml}${must("comments", "No particular vehicle")}</vehicle>`;
  }
  return [
    `<vehicle${attr("interest", interest)}${attr("status", car.condition === "new" ? "new" : "used")}>`,
    el("id", car.id, attr("source", "car_id")),
    must("year", car.year),
    must("make", car.make),
    must("model", car.model),
    el("vin", car.vin),
    el("stock", car.stock_number),
    el("trim", car.badge),
    el("odometer", car.odometer_km, `${attr("status", "original")}${attr("units", "km")}`),
    car.colour ? `<colorcombination>${must("exteriorcolor", car.colour)}${must("preference", "1")}</colorcombination>` : "",
    el("imagetag", car.photo_url, attr("alttext", car.title)),
    el("price", car.price, `${attr("type", "asking")}${attr("currency", "AUD")}`),
    financeXml,
    must("comments", `${car.title} (${car.condition}, ${car.status.replace(/_/g, " ")}): ${car.url}`),
    "</vehicle>",
  ].join("");
}

function adfTradeIn(record: LeadRecord): string {
  const trade = record.trade_in;
  if (!trade) return "";
  const valuation = trade.valuation;
  const answers = trade.condition.map((answer) => `${answer.question} ${answer.answer}`).join(" ");
  return [
    `<vehicle${attr("interest", record.kind === "sell_my_car" ? "sell" : "trade-in")}${attr("status", "used")}>`,
    must("year", trade.year),
    must("make", trade.make),
    must("model", trade.model),
    el("odometer", trade.odometer_km, attr("units", "km")),
    valuation?.estimate ? el("price", valuation.offer, `${attr("type", "appraisal")}${attr("currency", "AUD")}`) : "",
    el("pricecomments", [valuationWords(valuation), trade.offer_accepted ? "Offer accepted by the customer." : ""].filter(Boolean).join(". ")),
    el("comments", [labelled(L.rego, trade.rego ?? ""), labelled(L.regoState, trade.rego_state ?? ""), answers].filter(Boolean).join(" ")),
    "</vehicle>",
  ].join("");
}

/** 'Label: value.' for ADF's comments (no second full stop); nothing for an empty value. */
const labelled = (label: string, value: string) => (value === "" ? "" : `${label}: ${value}${value.endsWith(".") ? "" : "."}`);

function adfCustomer(record: LeadRecord): string {
  const { customer } = record;
  const names = customer.last_name
    ? `${must("name", customer.first_name, attr("part", "first"))}${must("name", customer.last_name, attr("part", "last"))}`
    : must("name", customer.full_name, attr("part", "full"));
  const prefers = (channel: string) => attr("preferredcontact", customer.preferred_contact === channel ? "1" : "0");
  const phoneType = customer.phone_type === "mobile" ? "cellphone" : "voice";
  const appointment = record.appointment;
  const timeframe = appointment ? `<timeframe>${must("description", appointmentWords(appointment))}${must("earliestdate", appointment.start)}${must("latestdate", appointment.end)}</timeframe>` : "";
  // Every field the ADF elements have no place for goes in the customer's comments, labelled.
  const comments = [
    record.message,
    `${kindWords(record.kind)}${record.category ? `: ${[record.category, record.subcategory].filter(Boolean).join(" / ")}` : ""}.`,
    record.location ? `Location: ${record.location.name} (id ${record.location.id}).` : "",
    labelled(L.deliveryLocation, customer.delivery_location ?? ""),
    labelled(L.licence, licenceWords(customer)),
    customer.preferred_contact ? `Prefers contact by ${customer.preferred_contact}.` : "",
    labelled(L.services, record.services.join(", ")),
    // A row's link (a drive-away source) goes with its words: comments are text.
    ...(record.finance ? financeRows(record.finance).map((row) => labelled(row.label, row.href ? `${row.value} (${row.href})` : row.value)) : []),
    record.reservation ? `Reserved online: deposit ${record.reservation.deposit} AUD, held until ${record.reservation.held_until}.` : "",
    `News and offers: ${customer.consent.opt_in ? "opted in" : "not opted in"} (${customer.consent.recorded_at}).`,
    `Page: ${record.source.page_url}`,
  ].filter(Boolean);
  return [
    "<customer>",
    `<contact${attr("primarycontact", "1")}>`,
    names,
    must("email", customer.email, prefers("email")),
    must("phone", customer.phone, `${attr("type", phoneType)}${customer.preferred_contact === "phone" || customer.preferred_contact === "sms" ? attr("preferredcontact", "1") : ""}`),
    // The form asks for a postcode only; the DTD's address needs a street, given empty.
    customer.postcode ? `<address${attr("type", "home")}>${must("street", "", attr("line", "1"))}${must("postalcode", customer.postcode)}${must("country", "AU")}</address>` : "",
    "</contact>",
    timeframe,
    must("comments", comments.join("\n")),
    "</customer>",
  ].join("");
}

function adfVendor(record: LeadRecord, dealerEmail: string): string {
  const location = record.location;
  const contactName = location ? `${record.dealership.name}, ${location.name}` : record.dealership.name;
  const reach = location?.phone ? must("phone", location.phone, attr("type", "voice")) : must("email", dealerEmail);
  const address = location
    ? `<address${attr("type", "work")}>${must("street", location.address.street, attr("line", "1"))}${el("city", location.address.city)}${el("regioncode", location.address.state)}${el("postalcode", location.address.postcode)}${must("country", "AU")}</address>`
    : "";
  return `<vendor>${must("id", record.dealership.slug, attr("source", "dealership"))}${must("vendorname", record.dealership.name)}${must("url", record.site.url)}<contact${attr("primarycontact", "1")}>${must("name", contactName, attr("type", "business"))}${reach}${address}</contact></vendor>`;
}

function adfProvider(record: LeadRecord, provider: LeadProvider): string {
  const contact = provider.email ? `<contact>${must("name", `${provider.name} leads`, attr("type", "business"))}${must("email", provider.email)}</contact>` : "";
  return `<provider>${must("name", provider.name, attr("type", "business"))}${must("service", `${record.site.name} website: ${kindWords(record.kind)}`)}${must("url", provider.url ?? record.site.url)}${el("email", provider.email)}${contact}</provider>`;
}

/**
 * ADF/XML 1.0, the automotive lead format dealer CRMs import; valid against the ADF 1.0 DTD for every lead kind
 * (tests/fixtures/adf-1.0.dtd): the car of interest, the trade-in as its own vehicle, the customer with name parts
 * and typed phone, the appointment as a timeframe, the dealership as vendor, the platform as provider.
 * `resend`: a delivery after a failed try.
 */
export function leadAdf(lead: DeliverableLead, provider: LeadProvider, dealerEmail: string, resend = false): string {
  const { record } = lead;
  return `${lines(
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<?adf version="1.0"?>',
    "<adf>",
    `<prospect${attr("status", resend ? "resend" : "new")}>`,
    must("id", record.lead_id, `${attr("sequence", "1")}${attr("source", record.site.url)}`),
    must("requestdate", record.created_at),
    adfCarOfInterest(record),
    adfTradeIn(record),
    adfCustomer(record),
    adfVendor(record, dealerEmail),
    adfProvider(record, provider),
    "</prospect>",
    "</adf>",
  )}\n`;
}

/** Sections as a plain-text mail: each title in capitals, a labelled line per row (web links after the value). */
export function mailText(sections: LeadSection[], intro: string[] = []): string {
  const row = (r: LeadRow) => `${r.label}: ${r.value}${r.href && r.href !== r.value && /^https?:/.test(r.href) ? ` (${r.href})` : ""}`;
  return [...intro, ...sections.map((section) => [section.title.toUpperCase(), ...section.rows.map(row)].join("\n"))].join("\n\n");
}

/** Sections as an HTML mail: a heading, the car's photo linked to its page, a table per section. */
export function mailHtml(title: string, sections: LeadSection[], photo: { src: string; href: string; alt: string } | null, intro: string[] = []): string {
  const cell = (row: LeadRow) => (row.href ? `<a href="${escapeMarkup(row.href)}">${escapeMarkup(row.value)}</a>` : escapeMarkup(row.value).replace(/\n/g, "<br>"));
  const image = photo ? `<p><a href="${escapeMarkup(photo.href)}"><img src="${escapeMarkup(photo.src)}" alt="${escapeMarkup(photo.alt)}" width="${LEAD_IMAGE_BOX.width}" height="${LEAD_IMAGE_BOX.height}"></a></p>` : "";
  return `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><title>${escapeMarkup(title)}</title></head><body style="font-family:sans-serif">
<h1 style="font-size:1.25rem">${escapeMarkup(title)}</h1>${intro.map((line) => `<p>${escapeMarkup(line)}</p>`).join("")}${image}
${sections.map((section) => `<h2 style="font-size:1rem">${escapeMarkup(section.title)}</h2><table>${section.rows.map((row) => `<tr><th scope="row" style="text-align:left;padding-right:1em">${escapeMarkup(row.label)}</th><td>${cell(row)}</td></tr>`).join("")}</table>`).join("\n")}
</body></html>`;
}

/** The car's photo, linked to its page, for a mail about it. */
export const carPhoto = (record: LeadRecord) => (record.vehicle?.photo_url ? { src: record.vehicle.photo_url, href: record.vehicle.url, alt: record.vehicle.title } : null);

/** The e-mail a dealership gets for a lead: every field in words, as plain text and as HTML with the car's photo. */
export function leadEmail(lead: DeliverableLead): { subject: string; body: string; html: string } {
  const { record } = lead;
  const sections = leadSections(record);
  const about = record.vehicle ? `: ${record.vehicle.title}` : record.trade_in ? `: ${record.trade_in.year} ${record.trade_in.make} ${record.trade_in.model}` : "";
  const subject = `New ${kindWords(record.kind).toLowerCase()} lead #${record.lead_id} from ${record.customer.full_name}${about}`;
  return { subject, body: mailText(sections), html: mailHtml(subject, sections, carPhoto(record)) };
}

/** HMAC-SHA256 of "{timestamp}.{body}" with the destination's secret, hex: the receiver recomputes it. */
export function signWebhook(secret: string, timestamp: number, body: string): Promise<string> {
  return hmacSha256Hex(secret, `${timestamp}.${body}`);
}
