import { z } from "zod";
import { carTypeSchema } from "./car";
import { leadKindSchema } from "./lead";

/**
 * The complete lead record (ADR 0037): built once on the server from what the form posted plus the platform's
 * own data (the car from the stock, the location and dealership from the site's own), stored with the lead and
 * carried whole by every delivery format. The JSON webhook's body at version 2 is this record; its JSON Schema
 * is generated from this zod schema (GET /api/leads/schema/v2.json).
 */
export const LEAD_RECORD_VERSION = 2;

const text = z.string();
const nullableText = z.string().nullable();
/** Whole Australian dollars (GST included where the dealer's price includes it). */
const dollars = z.number().nonnegative();
/** ISO 8601 with the dealership's UTC offset, e.g. 2026-05-02T10:00:00+10:00. */
const localTimestamp = z.iso.datetime({ offset: true });

export const leadDepartmentSchema = z.enum(["sales", "service", "parts"]).describe("Which team the lead is for; routing sends it to that department's destinations when the dealership has any.");
export const phoneTypeSchema = z.enum(["mobile", "landline", "business"]).describe("mobile: 04xx or +614xx; business: 13, 1300 and 1800 numbers; landline otherwise.");
export const preferredContactSchema = z.enum(["phone", "email", "sms"]);

const addressSchema = z.object({ street: text, city: text, state: text, postcode: text });

export const leadRecordSchema = z
  .object({
    version: z.literal(LEAD_RECORD_VERSION).describe("Schema version; a receiver written for version 1 keeps getting version 1 (the destination's version)."),
    lead_id: z.number().int().positive(),
    kind: leadKindSchema,
    form: nullableText.describe("The form the lead came from (contact, service, parts, credit_check ...)."),
    created_at: localTimestamp,
    category: nullableText,
    subcategory: nullableText,
    department: leadDepartmentSchema,
    site: z.object({ slug: text, name: text, url: z.url() }),
    dealership: z.object({ id: z.number().int(), slug: text, name: text }),
    location: z
      .object({ id: z.number().int(), name: text, phone: text, address: addressSchema, time_zone: text })
      .nullable()
      .describe("The location the lead is for: the car's, or the one the shopper chose (always one of this site's)."),
    customer: z.object({
      first_name: text,
      last_name: nullableText,
      full_name: text,
      email: z.email(),
      phone: text,
      phone_type: phoneTypeSchema,
      postcode: nullableText,
      preferred_contact: preferredContactSchema.nullable(),
      delivery_location: nullableText.describe("The car's distribution location the shopper chose as 'Preferred delivery location'."),
      holds_licence: z
        .boolean()
        .nullable()
        .describe("Test drives: true when the shopper ticked 'I hold a current driver's licence and will bring it to the test drive.', false when not; null on other forms."),
      consent: z.object({
        opt_in: z.boolean().describe("Agreed to news and offers."),
        terms_accepted: z.boolean().nullable(),
        recorded_at: z.iso.datetime({ offset: true }),
        notice: text.describe("The privacy notice the form showed."),
      }),
    }),
    message: nullableText,
    services: z.array(text).describe("Additional services ticked on a service booking."),
    vehicle: z
      .object({
        id: z.number().int(),
        stock_number: text,
        vin: nullableText,
        year: z.number().int(),
        make: text,
        model: text,
        badge: nullableText,
        title: text,
        condition: carTypeSchema,
        status: text.describe("Stock status when the lead came in: in_stock, coming_soon, sold ..."),
        price: dollars.nullable(),
        odometer_km: z.number().nonnegative().nullable(),
        colour: nullableText,
        url: z.url().describe("The car's page on the dealer's site."),
        photo_url: z.url().nullable(),
      })
      .nullable()
      .describe("The car the lead is about, read from the dealer's stock (never from the browser)."),
    trade_in: z
      .object({
        make: text,
        model: text,
        year: z.number().int(),
        odometer_km: z.number().nonnegative(),
        rego: nullableText,
        rego_state: nullableText,
        condition: z.array(z.object({ question: text, answer: z.enum(["Yes", "No"]) })),
        valuation: z
          .discriminatedUnion("estimate", [
            z.object({ estimate: z.literal(true), low: dollars, high: dollars, offer: dollars }),
            z.object({ estimate: z.literal(false), reason: text }),
          ])
          .nullable(),
        offer_accepted: z.boolean(),
      })
      .nullable()
      .describe("The shopper's own car (trade-in and sell-my-car leads) with the online valuation and offer."),
    appointment: z
      .object({
        type: z.enum(["test_drive", "service"]),
        start: localTimestamp,
        end: localTimestamp,
        time_zone: text,
        location: z.object({ id: z.number().int(), name: text }),
      })
      .nullable(),
    finance: z
      .object({
        budget: dollars.nullable(),
        deposit: dollars.nullable(),
        term_months: z.number().int().positive().nullable(),
        preferred_dealership: nullableText,
        calculator: z
          .object({
            interest_rate: z.number().nonnegative().nullable().describe("% a year."),
            repayment: dollars.nullable().describe("Each repayment at the frequency, in dollars and cents (null when the calculator could not give one)."),
            frequency: z.enum(["weekly", "fortnightly", "monthly"]).nullable(),
            balloon: dollars.nullable().describe("The residual paid with the final repayment."),
          })
          .nullable()
          .describe("The repayment calculator's figures when the enquiry came from it (any one of them makes it present); its price is `budget`, its deposit `deposit`, its term `term_months`."),
        credit_check: z.object({ consent_text: text, consented_at: z.iso.datetime({ offset: true }) }).nullable(),
        drive_away: z
          .object({
            state: text,
            total: dollars,
            parts: z.array(z.object({ name: text, amount: dollars })).describe("The total's parts (price, GST, delivery, duty, registration, CTP, plates or transfer); they add up to the total."),
            as_at: z.iso.date().describe("The date the state's rates are as at."),
            unconfirmed: z
              .array(text)
              .optional()
              .describe("The names of the parts whose figure no published page confirms for the rates' year: typical amounts (ADR 0090, as /api/drive-away names them); absent on leads stored before ADR 0098."),
            unconfirmed_text: nullableText
              .optional()
              .describe("The words the car page shows beside the estimate naming those parts (null when every part is confirmed)."),
            sources: z.array(z.object({ name: text, url: text })).optional().describe("The state's published pages the rates come from, as the car page links them."),
          })
          .nullable()
          .optional()
          .describe("The drive-away estimate the shopper financed (issue 34), worked out by the platform from the car and the site's rates for that state; absent on leads stored before it."),
      })
      .nullable(),
    reservation: z.object({ deposit: dollars, held_until: z.iso.datetime({ offset: true }) }).nullable().describe("A car reserved online: the deposit paid and how long the car is held."),
    offer_acceptance: z.object({ trade_in_lead_id: z.number().int(), offer_price: dollars.nullable() }).nullable(),
    source: z.object({
      channel: z.literal("Website"),
      page_url: text,
      user_agent: text,
      visited_pages: z.array(text).describe("Pages seen in this visit, oldest first."),
      linked_query_params: z.record(text, text),
    }),
  })
  .describe("A lead from a dealer website, version 2.");

export type LeadRecord = z.infer<typeof leadRecordSchema>;

/** The department a category belongs to: service and parts categories have their own teams. */
export function leadDepartment(category: string | null): LeadRecord["department"] {
  if (/^service/i.test(category ?? "")) return "service";
  if (/^parts/i.test(category ?? "")) return "parts";
  return "sales";
}
