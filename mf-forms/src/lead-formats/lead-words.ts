import type { LeadRecord } from "@dealer/shared/contract";
import { dateTimeFormat, estimateAsAtText, formatMoney, formatMoneyCents, TYPICAL_AMOUNT } from "@dealer/shared/rules";
import { CONTACT_METHOD_WORDS, FIELD_LABELS as L, TEST_DRIVE_DISCLAIMER } from "../leads/variants";

/** One line a salesperson reads: a label, its value, and a link where the value has one. */
export type LeadRow = { label: string; value: string; href?: string };
export type LeadSection = { title: string; rows: LeadRow[] };

const KIND_WORDS: Record<LeadRecord["kind"], string> = {
  enquiry: "Enquiry",
  test_drive: "Test drive booking",
  photo_request: "Photo request",
  trade_in: "Trade-in valuation",
  offer_acceptance: "Trade-in offer accepted",
  sell_my_car: "Sell my car",
  finance_enquiry: "Finance enquiry",
  reserve: "Online reservation",
  chat: "Chat",
};
export const kindWords = (kind: LeadRecord["kind"]) => KIND_WORDS[kind];

/** 'Saturday 2 May 2026, 10:00 am' in the dealership's own time zone. */
export function dealerTime(iso: string, timeZone: string): string {
  const format = dateTimeFormat("en-AU", { timeZone, weekday: "long", day: "numeric", month: "long", year: "numeric", hour: "numeric", minute: "2-digit", hour12: true });
  return format.format(new Date(iso)).replace(" at ", ", ");
}

/** Whole dollars as '$27,990'; an amount with cents keeps them, so no figure is rounded on its way to the dealer. */
const money = (amount: number | null) => (amount === null ? "" : Number.isInteger(amount) ? formatMoney(amount) : formatMoneyCents(amount));
const km = (value: number | null) => (value === null ? "" : `${value.toLocaleString("en-AU")} km`);
const CONDITION_WORDS = { new: "New", used: "Used", demo: "Demo" } as const;
const PHONE_WORDS = { mobile: "mobile", landline: "landline", business: "business" } as const;
const CONTACT_WORDS = { phone: CONTACT_METHOD_WORDS.Phone, email: CONTACT_METHOD_WORDS.Email, sms: CONTACT_METHOD_WORDS.SMS } as const;

/** Drops rows with nothing to say. */
const rows = (...list: (LeadRow | false | null)[]) => list.filter((row): row is LeadRow => Boolean(row) && (row as LeadRow).value !== "");

/** The appointment in words: 'Test drive: Saturday 2 May 2026, 10:00 am at Harbour City North'. */
export function appointmentWords(appointment: NonNullable<LeadRecord["appointment"]>): string {
  return `${appointment.type === "service" ? "Service" : "Test drive"}: ${dealerTime(appointment.start, appointment.time_zone)} at ${appointment.location.name}`;
}

type Finance = NonNullable<LeadRecord["finance"]>;

/** The repayment calculator's figures, as the form shows them and the record keeps them (null: not given). */
export type CalculatorFigureValues = { deposit: number | null; term_months: number | null } & NonNullable<Finance["calculator"]>;

/** The calculator's figures under the labels the shopper read: deposit, term, rate, balloon, repayment with its frequency. */
export function figureRows(figures: CalculatorFigureValues): LeadRow[] {
  return rows(
    { label: L.deposit, value: money(figures.deposit) },
    { label: L.term, value: figures.term_months === null ? "" : `${figures.term_months} months` },
    { label: L.interestRate, value: figures.interest_rate === null ? "" : `${figures.interest_rate}% p.a.` },
    { label: L.balloon, value: money(figures.balloon) },
    // '$775.84 monthly'; the frequency alone when the calculator gave no figure.
    { label: L.repayment, value: [figures.repayment === null ? "" : formatMoneyCents(figures.repayment), figures.frequency ?? ""].filter(Boolean).join(" ") },
  );
}

const NO_CALCULATOR = { interest_rate: null, repayment: null, frequency: null, balloon: null };

export const DRIVE_AWAY_LABEL = "Drive-away estimate";

export const DRIVE_AWAY_NOTE_LABEL = `${DRIVE_AWAY_LABEL}: not confirmed`;
export const DRIVE_AWAY_SOURCE_LABEL = `${DRIVE_AWAY_LABEL}: source`;

/**
 * The drive-away estimate the shopper financed: its total, state and date, then each part under its own name, a
 * typical amount marked as such; then the car page's sentence naming those, and the sources it points to (ADR 0098).
 */
function driveAwayRows(estimate: Finance["drive_away"] | null): LeadRow[] {
  if (!estimate) return [];
  const typical = new Set(estimate.unconfirmed ?? []);
  return [
    { label: DRIVE_AWAY_LABEL, value: `${money(estimate.total)} in ${estimate.state} (${estimateAsAtText(estimate.as_at)})` },
    ...estimate.parts.map((part) => ({ label: `${DRIVE_AWAY_LABEL}: ${part.name}`, value: `${money(part.amount)}${typical.has(part.name) ? ` (${TYPICAL_AMOUNT})` : ""}` })),
    ...(estimate.unconfirmed_text ? [{ label: DRIVE_AWAY_NOTE_LABEL, value: estimate.unconfirmed_text }] : []),
    ...(estimate.sources ?? []).map((source) => ({ label: DRIVE_AWAY_SOURCE_LABEL, value: source.name, href: source.url })),
  ];
}

/** A finance enquiry's own figures, each under its own label (issue 33), then the dealership and the credit check. */
export function financeRows(finance: Finance): LeadRow[] {
  return rows(
    { label: L.budget, value: money(finance.budget) },
    ...figureRows({ deposit: finance.deposit, term_months: finance.term_months, ...(finance.calculator ?? NO_CALCULATOR) }),
    ...driveAwayRows(finance.drive_away ?? null),
    { label: L.dealership, value: finance.preferred_dealership ?? "" },
    finance.credit_check && { label: "Credit check consent", value: `Given ${finance.credit_check.consented_at}: "${finance.credit_check.consent_text}"` },
  );
}

/** The test drive's licence tick in the words the shopper ticked; nothing on other forms. */
export function licenceWords(customer: LeadRecord["customer"]): string {
  if (customer.holds_licence === null) return "";
  return customer.holds_licence ? `Yes: ${TEST_DRIVE_DISCLAIMER}` : "Not ticked";
}

export function valuationWords(valuation: NonNullable<LeadRecord["trade_in"]>["valuation"]): string {
  if (!valuation) return "";
  return valuation.estimate ? `${money(valuation.low)} to ${money(valuation.high)}, offer ${money(valuation.offer)}` : `No online estimate: ${valuation.reason}`;
}

/**
 * Every field of a lead in the words a salesperson reads, in sections: the dealer's e-mail (text and HTML) and
 * the inbox show the same, so neither can leave a field out that the other shows.
 */
export function leadSections(record: LeadRecord): LeadSection[] {
  const { customer, vehicle, trade_in: trade, appointment, finance } = record;
  const sections: LeadSection[] = [
    {
      title: "Customer",
      rows: rows(
        { label: "Name", value: customer.full_name },
        { label: "Email", value: customer.email, href: `mailto:${customer.email}` },
        { label: "Phone", value: `${customer.phone} (${PHONE_WORDS[customer.phone_type]})`, href: `tel:${customer.phone.replace(/[^\d+]/g, "")}` },
        { label: "Postcode", value: customer.postcode ?? "" },
        { label: L.preferredContact, value: customer.preferred_contact ? CONTACT_WORDS[customer.preferred_contact] : "" },
        { label: L.deliveryLocation, value: customer.delivery_location ?? "" },
        { label: L.licence, value: licenceWords(customer) },
        { label: "News and offers", value: customer.consent.opt_in ? "Yes, opted in" : "No" },
        customer.consent.terms_accepted !== null && { label: "Terms of use", value: customer.consent.terms_accepted ? "Accepted" : "Not accepted" },
      ),
    },
    {
      title: "Enquiry",
      rows: rows(
        { label: "Type", value: kindWords(record.kind) },
        { label: "Category", value: [record.category, record.subcategory].filter(Boolean).join(" / ") },
        { label: "Location", value: record.location ? `${record.location.name}, ${record.location.phone}` : "" },
        { label: "Dealership", value: record.dealership.name },
        { label: L.message, value: record.message ?? "" },
        { label: L.services, value: record.services.join(", ") },
        { label: "Received", value: dealerTime(record.created_at, record.location?.time_zone ?? "Australia/Brisbane") },
      ),
    },
  ];
  if (appointment) sections.push({ title: "Appointment", rows: [{ label: "Booked", value: appointmentWords(appointment) }] });
  if (vehicle) {
    sections.push({
      title: "Vehicle of interest",
      rows: rows(
        { label: "Vehicle", value: vehicle.title, href: vehicle.url },
        { label: "Price", value: vehicle.price === null ? "Enquire for price" : money(vehicle.price) },
        { label: "Condition", value: `${CONDITION_WORDS[vehicle.condition]}, ${vehicle.status.replace(/_/g, " ")}` },
        { label: "Stock number", value: vehicle.stock_number },
        { label: "VIN", value: vehicle.vin ?? "" },
        { label: "Odometer", value: km(vehicle.odometer_km) },
        { label: "Colour", value: vehicle.colour ?? "" },
      ),
    });
  }
  if (trade) {
    sections.push({
      title: record.kind === "sell_my_car" ? "Car for sale" : "Trade-in",
      rows: rows(
        { label: L.make, value: trade.make },
        { label: L.model, value: trade.model },
        { label: L.year, value: String(trade.year) },
        { label: L.kms, value: km(trade.odometer_km) },
        { label: L.rego, value: trade.rego ?? "" },
        { label: L.regoState, value: trade.rego_state ?? "" },
        ...trade.condition.map((answer) => ({ label: answer.question, value: answer.answer })),
        { label: "Online valuation", value: valuationWords(trade.valuation) },
        { label: "Offer accepted", value: trade.offer_accepted ? "Yes" : "Not yet" },
      ),
    });
  }
  if (record.offer_acceptance) {
    sections.push({ title: "Offer accepted", rows: rows({ label: "Offer", value: money(record.offer_acceptance.offer_price) }, { label: "Trade-in lead", value: `#${record.offer_acceptance.trade_in_lead_id}` }) });
  }
  if (finance) sections.push({ title: "Finance", rows: financeRows(finance) });
  if (record.reservation) {
    sections.push({ title: "Reservation", rows: [{ label: "Deposit paid", value: money(record.reservation.deposit) }, { label: "Held until", value: dealerTime(record.reservation.held_until, record.location?.time_zone ?? "Australia/Brisbane") }] });
  }
  const { source } = record;
  sections.push({
    title: "Source",
    rows: rows(
      { label: "Page", value: source.page_url, href: /^https?:/.test(source.page_url) ? source.page_url : undefined },
      { label: "Pages seen this visit", value: source.visited_pages.join(", ") },
      // Marketing parameters only: a finance link's figures are the enquiry's own (buildLeadRecord).
      { label: "Campaign", value: Object.entries(source.linked_query_params).map(([key, value]) => `${key}=${value}`).join(", ") },
      { label: "Lead", value: `#${record.lead_id} on ${record.site.name}` },
    ),
  });
  return sections;
}
