import type { LeadRecord } from "@dealer/shared/contract";
import { formatMoney } from "@dealer/shared/rules";
import { carPhoto, mailHtml, mailText } from "../lead-formats/formats";
import { appointmentWords, kindWords, type LeadSection, valuationWords } from "../lead-formats/lead-words";
import { calendarInvite } from "./ics";

/** How a shopper is told about their lead: by e-mail always (where the site can send), by SMS when they chose it. */
export type ReceiptChannels = { email: boolean; sms: boolean };

/** A record before or after it has its id (the /success lines are stored with the lead). */
type AnyRecord = Omit<LeadRecord, "lead_id">;

export const receiptChannels = (record: AnyRecord, canMail: boolean): ReceiptChannels => ({
  email: canMail,
  sms: record.customer.preferred_contact === "sms" && record.customer.phone_type === "mobile",
});

/** What happens next, in one sentence the shopper reads on /success and in the receipt. */
export function nextStep(record: AnyRecord): string {
  const who = record.dealership.name;
  const phone = record.location?.phone ? ` If you need us sooner, call ${record.location.phone}.` : "";
  const how = { phone: "by phone", email: "by e-mail", sms: "by text message" }[record.customer.preferred_contact ?? "phone"];
  if (record.appointment) return `${who} will confirm your ${record.appointment.type === "service" ? "service" : "test drive"} ${how} before the day.${phone}`;
  if (record.kind === "trade_in" || record.kind === "sell_my_car") return `${who} will check your car's details and contact you ${how} about the offer within one business day.${phone}`;
  if (record.kind === "offer_acceptance") return `${who} will contact you ${how} to arrange an inspection of your car and the paperwork.${phone}`;
  if (record.kind === "finance_enquiry") return `A finance specialist from ${who} will contact you ${how} within one business day.${phone}`;
  if (record.kind === "chat") return `${who} will answer in the chat on the car's page, and we will let you know ${how === "by text message" ? how : "by e-mail"} when they do.${phone}`;
  if (record.kind === "reserve") return `${who} is holding the car for you and will contact you ${how} to arrange the rest.${phone}`;
  return `${who} will contact you ${how} within one business day.${phone}`;
}

/** The lines /success shows: what was sent where, the booking, and what happens next. */
export function successLines(record: AnyRecord, channels: ReceiptChannels): string[] {
  const sent = [channels.email ? `e-mailed a copy to ${record.customer.email}` : "", channels.sms ? `texted ${record.customer.phone}` : ""].filter(Boolean).join(" and ");
  return [
    `Your ${kindWords(record.kind).toLowerCase()} has been sent to ${record.dealership.name}.${sent ? ` We have ${sent}.` : ""}`,
    record.appointment ? `${appointmentWords(record.appointment)}.${channels.email ? " The e-mail has a calendar invitation and a link to change or cancel it." : ""}` : "",
    nextStep(record),
  ].filter(Boolean);
}

function sentSections(record: LeadRecord, manageLink: string | null): LeadSection[] {
  const { vehicle, trade_in: trade, appointment, finance, location } = record;
  const asked = [
    { label: "Enquiry", value: [kindWords(record.kind), record.category].filter(Boolean).join(": ") },
    vehicle && { label: "Vehicle", value: `${vehicle.title}${vehicle.price === null ? "" : `, ${formatMoney(vehicle.price)}`} (stock ${vehicle.stock_number})`, href: vehicle.url },
    appointment && { label: "Booked", value: appointmentWords(appointment) },
    appointment && manageLink && { label: "Change or cancel", value: manageLink, href: manageLink },
    trade && { label: "Your car", value: `${trade.year} ${trade.make} ${trade.model}, ${trade.odometer_km.toLocaleString("en-AU")} km` },
    trade?.valuation && { label: "Online valuation", value: valuationWords(trade.valuation) },
    finance?.budget != null && { label: "Budget", value: formatMoney(finance.budget) },
    record.services.length > 0 && { label: "Services", value: record.services.join(", ") },
    record.message && { label: "Your message", value: record.message },
  ].filter((row) => Boolean(row)) as LeadSection["rows"];
  const dealer = [
    { label: "Dealership", value: location ? `${record.dealership.name}, ${location.name}` : record.dealership.name },
    location && { label: "Phone", value: location.phone, href: `tel:${location.phone.replace(/[^\d+]/g, "")}` },
    location && { label: "Address", value: `${location.address.street}, ${location.address.city} ${location.address.state} ${location.address.postcode}` },
  ].filter((row) => Boolean(row)) as LeadSection["rows"];
  return [
    { title: "What you sent", rows: asked },
    { title: "Your dealership", rows: dealer },
    { title: "What happens next", rows: [{ label: "Next", value: nextStep(record) }] },
  ];
}

/** The shopper's e-mail receipt: what they asked, the car, the dealership and its phone, what happens next; a booking's .ics. */
export function receiptMail(record: LeadRecord, manageLink: string | null, now: Date) {
  const subject = `Your ${kindWords(record.kind).toLowerCase()} with ${record.dealership.name}`;
  const intro = [`Hi ${record.customer.first_name},`, `Thanks for your ${kindWords(record.kind).toLowerCase()}. Here is what you sent ${record.dealership.name}.`];
  const sections = sentSections(record, manageLink);
  const { appointment, location } = record;
  const invite =
    appointment && location
      ? calendarInvite(
          {
            uid: `lead-${record.lead_id}@${record.site.slug}`,
            start: new Date(appointment.start),
            end: new Date(appointment.end),
            summary: `${appointment.type === "service" ? "Service" : "Test drive"}${record.vehicle ? `: ${record.vehicle.title}` : ""} at ${record.dealership.name}`,
            location: `${location.name}, ${location.address.street}, ${location.address.city} ${location.address.state} ${location.address.postcode}`,
            description: [`${record.dealership.name}, ${location.phone}.`, manageLink ? `Change or cancel: ${manageLink}` : ""].filter(Boolean).join("\n"),
            url: manageLink,
            stamp: now,
          },
          record.site.name,
        )
      : null;
  return {
    subject,
    body: mailText(sections, intro),
    html: mailHtml(subject, sections, carPhoto(record), intro),
    attachments: invite ? [{ filename: appointment?.type === "service" ? "service-booking.ics" : "test-drive.ics", contentType: "text/calendar; method=PUBLISH; charset=utf-8", content: invite }] : undefined,
  };
}

/** The SMS receipt: short, with the booking and its link. */
export function receiptSms(record: LeadRecord, manageLink: string | null): string {
  const about = record.vehicle ? ` about the ${record.vehicle.title}` : "";
  const booking = record.appointment ? ` ${appointmentWords(record.appointment)}.${manageLink ? ` Change or cancel: ${manageLink}` : ""}` : "";
  return `${record.dealership.name}: thanks ${record.customer.first_name}, we have your ${kindWords(record.kind).toLowerCase()}${about}.${booking} ${nextStep(record)}`;
}
