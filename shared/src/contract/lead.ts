import { z } from "zod";
import { calculatorFiguresSchema } from "./finance";
import { tooLongMessage } from "./limits";
import { POSTCODE_MESSAGE } from "./postcode-messages";

export { POSTCODE_MESSAGE };

/** Lead kinds the platform accepts; the forms remote posts one of these. */
export const leadKindSchema = z.enum([
  "enquiry",
  "test_drive",
  "photo_request",
  "trade_in",
  "offer_acceptance",
  "sell_my_car",
  "finance_enquiry",
  "reserve",
  /** An instant-message conversation from the vehicle page (ADR 0049): its first message is the lead's. */
  "chat",
]);

/**
 * Longest text a lead field takes: every string of a lead has a limit, so an oversized field is a 400
 * naming that field (the API's body limit refuses whole bodies far over these with 413 first).
 */
export const LEAD_TEXT_MAX = { short: 200, email: 254, url: 2048, message: 5000 } as const;
/** Trimmed text of at most `max` characters. */
export const leadText = (max: number = LEAD_TEXT_MAX.short) => z.string().trim().max(max, tooLongMessage(max));
/** Required text: a missing field reads the same as an empty one. */
export const requiredText = (message: string, max: number = LEAD_TEXT_MAX.short) => z.string({ error: message }).trim().min(1, message).max(max, tooLongMessage(max));

/**
 * Australian numbers as people type them: mobiles (04xx xxx xxx), landlines with area code, 13/1300/1800
 * numbers, or +61; spaces, dashes, brackets and dots allowed. Decision: docs/decisions/0012-lead-pipeline.md.
 */
export const PHONE_MESSAGE = "Please enter a valid phone number.";
export const phoneSchema = z
  .string({ error: PHONE_MESSAGE })
  .trim()
  .max(30, PHONE_MESSAGE)
  .refine((raw) => /^\+?[0-9 ().-]+$/.test(raw) && /^(?:\+?61|0)[2-478]\d{8}$|^1[38]00\d{6}$|^13\d{4}$/.test(raw.replace(/[ ().-]/g, "")), PHONE_MESSAGE);
export const EMAIL_MESSAGE = "Please enter a valid email address.";
export const emailSchema = z.string({ error: EMAIL_MESSAGE }).trim().max(LEAD_TEXT_MAX.email, tooLongMessage(LEAD_TEXT_MAX.email)).pipe(z.email(EMAIL_MESSAGE));

export const enquiryFormValuesSchema = z.object({
  name: requiredText("Please enter your name."),
  last_name: leadText().optional(),
  email: emailSchema,
  phone: phoneSchema,
  postcode: z.string().regex(/^\d{4}$/, "Invalid postcode. Please enter a 4-digit number.").optional(),
  message: leadText(LEAD_TEXT_MAX.message).optional(),
  category: leadText().optional(),
  subcategory: leadText().optional(),
  /** Marketing consent is recorded only when given (Spam Act 2003): a lead without it has none. */
  opt_in: z.boolean().default(false),
  car_id: z.number().int().optional(),
  location_id: z.number().int().optional(),
});

export const leadPayloadSchema = z.object({
  kind: leadKindSchema,
  values: enquiryFormValuesSchema,
  userData: z.object({
    url: leadText(LEAD_TEXT_MAX.url),
    source: z.literal("Website"),
    user_agent: leadText(LEAD_TEXT_MAX.url),
    car_id: z.number().int().optional(),
    car_dealership_id: z.number().int().optional(),
    lead_attributes: z.object({
      visited_pages: z.array(leadText(LEAD_TEXT_MAX.url)).max(50).default([]),
      linked_query_params: z
        .record(leadText(), leadText(LEAD_TEXT_MAX.url))
        .refine((params) => Object.keys(params).length <= 50, "At most 50 query parameters.")
        .default({}),
    }),
  }),
});

export type LeadKind = z.infer<typeof leadKindSchema>;
export type EnquiryFormValues = z.infer<typeof enquiryFormValuesSchema>;
export type LeadPayload = z.infer<typeof leadPayloadSchema>;

/* ---- Customer form values and the per-kind lead payloads ---- */

export const postcodeSchema = z.string({ error: POSTCODE_MESSAGE }).regex(/^\d{4}$/, POSTCODE_MESSAGE);
const yesNoSchema = z.enum(["Yes", "No"]);
/** The valuation's adjustment questions: short answers keyed by question. */
const adjustmentAnswersSchema = z
  .record(leadText(), z.union([leadText(), z.number(), z.boolean(), z.null()]))
  .refine((answers) => Object.keys(answers).length <= 50, "At most 50 answers.");

/** Everything a lead form can hold; which fields show is per form and per dealer. */
export const customerFormValuesSchema = z.object({
  name: enquiryFormValuesSchema.shape.name,
  last_name: leadText().optional(),
  email: emailSchema,
  phone: phoneSchema,
  postcode: postcodeSchema.optional(),
  message: leadText(LEAD_TEXT_MAX.message).optional(),
  category: leadText().optional(),
  subcategory: leadText().optional(),
  location: leadText().optional(),
  location_id: z.number().int().optional(),
  dealership_slug: leadText().optional(),
  opt_in: z.boolean().default(false),
  Rego: leadText(20).optional(),
  page_id: z.union([leadText(), z.number()]).optional(),
  hidden: leadText(LEAD_TEXT_MAX.message).optional(),
  terms_conditions: z.boolean().optional(),
  PreferredContactMethod: z.enum(["Phone", "Email", "SMS"]).optional(),
  finance: yesNoSchema.optional(),
  kms: z.number().nonnegative().max(10_000_000).optional(),
  regoState: leadText(10).optional(),
  rego: leadText(20).optional(),
  "do-you-have-a-trade-in": yesNoSchema.optional(),
  additional_services: z.array(leadText()).max(30).default([]),
});

/** Values an enquiry about a given car starts with. */
export const enquiryFormDefaultsSchema = z.object({
  dealership_slug: leadText(),
  manufacturer_slug: leadText().optional(),
  stock_number: leadText(),
  "Vehicle Make": leadText(),
  "Vehicle Model": leadText(),
  car_type: leadText(),
  car_id: z.number().int(),
  vehicle_status: leadText(),
  opt_in: z.boolean().default(true),
  message: leadText(LEAD_TEXT_MAX.message).default(""),
  subcategory: leadText().optional(),
});

export const leadUserDataSchema = leadPayloadSchema.shape.userData;

export const tradeInVehicleSchema = z.object({
  make: requiredText("Please enter the make."),
  model: requiredText("Please enter the model."),
  year: z.number().int().min(1900).max(2100),
  kms: z.number().nonnegative(),
  rego: leadText().optional(),
  regoState: leadText().optional(),
});

/** Trade-in data of the spec: the valuation answers plus the offer that came back. */
export const tradeInDataSchema = z.object({
  offer_price: z.number().nullable().optional(),
  adjustmentAnswers: adjustmentAnswersSchema.default({}),
  rego: leadText().optional(),
  regoState: leadText().optional(),
  email: emailSchema.optional(),
  phone: phoneSchema.optional(),
  lead_id: z.union([leadText(), z.number()]).optional(),
  form_completed: z.boolean().default(false),
  offer_accepted: z.boolean().default(false),
});

const leadBase = { values: customerFormValuesSchema, userData: leadUserDataSchema };

export const enquiryLeadSchema = z.object({
  kind: z.literal("enquiry"),
  ...leadBase,
  defaults: enquiryFormDefaultsSchema.optional(),
});
export const testDriveLeadSchema = z.object({
  kind: z.literal("test_drive"),
  ...leadBase,
  booking: z.iso.datetime({ offset: true }).optional(),
  disclaimer: leadText(LEAD_TEXT_MAX.message).optional(),
});
export const photoRequestLeadSchema = z.object({
  kind: z.literal("photo_request"),
  ...leadBase,
  /** The form's hidden field with its fixed request text. */
  request: leadText(LEAD_TEXT_MAX.message).min(1),
});
/** The registration and its state the trade-in and sell-my-car forms ask for on their first step. */
const shopperCarRego = { rego: leadText(20).optional(), regoState: leadText(10).optional() };
export const tradeInLeadSchema = z.object({
  kind: z.literal("trade_in"),
  ...leadBase,
  vehicle: tradeInVehicleSchema,
  adjustmentAnswers: adjustmentAnswersSchema.default({}),
  ...shopperCarRego,
});
export const offerAcceptanceSchema = z.object({
  kind: z.literal("offer_acceptance"),
  category: leadText().min(1),
  subcategory: z.literal("3. Offer Accepted"),
  lead_id: z.union([leadText(), z.number()]),
  form_completed: z.boolean(),
  offer_accepted: z.literal(true),
});
export const sellMyCarLeadSchema = z.object({
  kind: z.literal("sell_my_car"),
  ...leadBase,
  vehicle: tradeInVehicleSchema,
  ...shopperCarRego,
});
export const financeEnquiryLeadSchema = z.object({
  kind: z.literal("finance_enquiry"),
  ...leadBase,
  preferredDealership: leadText().optional(),
  vehiclePriceBudget: z.number().nonnegative().optional(),
  car_id: z.number().int().optional(),
  car_type: leadText().optional(),
  vin: leadText().optional(),
  /** The credit-check form's consent to obtaining the shopper's credit report (ADR 0027). */
  credit_check_consent: z.boolean().optional(),
  /** The repayment calculator's figures when the enquiry came from it. */
  finance: calculatorFiguresSchema.optional(),
});
export const reserveLeadSchema = z.object({
  kind: z.literal("reserve"),
  ...leadBase,
  car_id: z.number().int().positive(),
  amount: z.number().nonnegative(),
});

/** Any lead the forms remote submits, told apart by kind. */
export const leadSubmissionSchema = z.discriminatedUnion("kind", [
  enquiryLeadSchema,
  testDriveLeadSchema,
  photoRequestLeadSchema,
  tradeInLeadSchema,
  offerAcceptanceSchema,
  sellMyCarLeadSchema,
  financeEnquiryLeadSchema,
  reserveLeadSchema,
]);

/** What lead submission answers: a lead_id or an error. */
export const leadResponseSchema = z.object({
  lead_id: z.union([leadText(), z.number()]).optional(),
  error: z.string().optional(),
});

export type CustomerFormValues = z.infer<typeof customerFormValuesSchema>;
export type EnquiryFormDefaults = z.infer<typeof enquiryFormDefaultsSchema>;
export type LeadUserData = z.infer<typeof leadUserDataSchema>;
export type TradeInData = z.infer<typeof tradeInDataSchema>;
export type LeadSubmission = z.infer<typeof leadSubmissionSchema>;
export type LeadResponse = z.infer<typeof leadResponseSchema>;
