import type { LeadRecord } from "@dealer/shared/contract";
import { formatMoney, formatMoneyCents } from "@dealer/shared/rules";

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

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
/** 'Saturday 2 May 2026, 10:00 am' in the dealership's own time zone. */
export function dealerTime(iso: string, timeZone: string): string {
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-AU", { timeZone, weekday: "long", day: "numeric", month: "long", year: "numeric", hour: "numeric", minute: "2-digit", hour12: true });
    dateTimeFormats.set(timeZone, format);
  }
  return format.format(new Date(iso)).replace(" at ", ", ");
}

const money = (amount: number | null) => (amount === null ? "" : formatMoney(amount));
const km = (value: number | null) => (value === null ? "" : `${new Intl.NumberFormat("en-AU").format(value)} km`);
const CONDITION_WORDS = { new: "New", used: "Used", demo: "Demo" } as const;
const PHONE_WORDS = { mobile: "mobile", landline: "landline", business: "business" } as const;
const CONTACT_WORDS = { phone: "Phone call", email: "Email", sms: "Text message (SMS)" } as const;

/** Drops rows with nothing to say. */
const rows = (...list: (LeadRow | false | null)[]) => list.filter((row): row is LeadRow => Boolean(row) && (row as LeadRow).value !== "");

/** The appointment in words: 'Test drive: Saturday 2 May 2026, 10:00 am at Harbour City North'. */
export function appointmentWords(appointment: NonNullable<LeadRecord["appointment"]>): string {
  return `${appointment.type === "service" ? "Service" : "Test drive"}: ${dealerTime(appointment.start, appointment.time_zone)} at ${appointment.location.name}`;
}

/** The repayment calculator's figures: '$152.40 weekly at 9.5% a year, balloon $4,000'. */
export function calculatorWords(calculator: NonNullable<NonNullable<LeadRecord["finance"]>["calculator"]>): string {
  const balloon = calculator.balloon ? `, balloon ${money(calculator.balloon)}` : "";
  return `${formatMoneyCents(calculator.repayment)} ${calculator.frequency} at ${calculator.interest_rate}% a year${balloon}`;
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
        { label: "Prefers", value: customer.preferred_contact ? CONTACT_WORDS[customer.preferred_contact] : "" },
        { label: "Collect from", value: customer.delivery_location ?? "" },
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
        { label: "Message", value: record.message ?? "" },
        { label: "Services", value: record.services.join(", ") },
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
        { label: "Vehicle", value: `${trade.year} ${trade.make} ${trade.model}` },
        { label: "Odometer", value: km(trade.odometer_km) },
        { label: "Registration", value: [trade.rego, trade.rego_state].filter(Boolean).join(" ") },
        ...trade.condition.map((answer) => ({ label: answer.question, value: answer.answer })),
        { label: "Online valuation", value: valuationWords(trade.valuation) },
        { label: "Offer accepted", value: trade.offer_accepted ? "Yes" : "Not yet" },
      ),
    });
  }
  if (record.offer_acceptance) {
    sections.push({ title: "Offer accepted", rows: rows({ label: "Offer", value: money(record.offer_acceptance.offer_price) }, { label: "Trade-in lead", value: `#${record.offer_acceptance.trade_in_lead_id}` }) });
  }
  if (finance) {
    sections.push({
      title: "Finance",
      rows: rows(
        { label: "Budget", value: money(finance.budget) },
        { label: "Deposit", value: money(finance.deposit) },
        { label: "Term", value: finance.term_months === null ? "" : `${finance.term_months} months` },
        { label: "Preferred dealership", value: finance.preferred_dealership ?? "" },
        finance.calculator && { label: "Repayment calculator", value: calculatorWords(finance.calculator) },
        finance.credit_check && { label: "Credit check consent", value: `Given ${finance.credit_check.consented_at}: "${finance.credit_check.consent_text}"` },
      ),
    });
  }
  if (record.reservation) {
    sections.push({ title: "Reservation", rows: [{ label: "Deposit paid", value: money(record.reservation.deposit) }, { label: "Held until", value: dealerTime(record.reservation.held_until, record.location?.time_zone ?? "Australia/Brisbane") }] });
  }
  const { source } = record;
  sections.push({
    title: "Source",
    rows: rows(
      { label: "Page", value: source.page_url, href: /^https?:/.test(source.page_url) ? source.page_url : undefined },
      { label: "Pages seen this visit", value: source.visited_pages.join(", ") },
      { label: "Campaign", value: Object.entries(source.linked_query_params).map(([key, value]) => `${key}=${value}`).join(", ") },
      { label: "Lead", value: `#${record.lead_id} on ${record.site.name}` },
    ),
  });
  return sections;
}
