import { z } from "zod";

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
]);

export const enquiryFormValuesSchema = z.object({
  name: z.string().trim().min(1, "Please enter your name."),
  last_name: z.string().trim().optional(),
  email: z.email("Please enter a valid email address."),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{8,20}$/, "Please enter a valid phone number."),
  postcode: z.string().regex(/^\d{4}$/, "Invalid postcode. Please enter a 4-digit number.").optional(),
  message: z.string().trim().max(5000).optional(),
  category: z.string().optional(),
  subcategory: z.string().optional(),
  opt_in: z.boolean().default(true),
  car_id: z.number().int().optional(),
  location_id: z.number().int().optional(),
});

export const leadPayloadSchema = z.object({
  kind: leadKindSchema,
  values: enquiryFormValuesSchema,
  userData: z.object({
    url: z.string(),
    source: z.literal("Website"),
    user_agent: z.string(),
    car_id: z.number().int().optional(),
    car_dealership_id: z.number().int().optional(),
    lead_attributes: z.object({
      visited_pages: z.array(z.string()).default([]),
      linked_query_params: z.record(z.string(), z.string()).default({}),
    }),
  }),
});

export type LeadKind = z.infer<typeof leadKindSchema>;
export type EnquiryFormValues = z.infer<typeof enquiryFormValuesSchema>;
export type LeadPayload = z.infer<typeof leadPayloadSchema>;

/* ---- Customer form values and the per-kind lead payloads ---- */

export const POSTCODE_MESSAGE = "Invalid postcode. Please enter a 4-digit number.";
export const postcodeSchema = z.string().regex(/^\d{4}$/, POSTCODE_MESSAGE);
const yesNoSchema = z.enum(["Yes", "No"]);

/** Everything a lead form can hold; which fields show is per form and per dealer. */
export const customerFormValuesSchema = z.object({
  name: z.string().trim().min(1, "Please enter your name."),
  last_name: z.string().trim().optional(),
  email: z.email("Please enter a valid email address."),
  phone: enquiryFormValuesSchema.shape.phone,
  postcode: postcodeSchema.optional(),
  message: z.string().trim().max(5000).optional(),
  category: z.string().optional(),
  subcategory: z.string().optional(),
  location: z.string().optional(),
  location_id: z.number().int().optional(),
  dealership_slug: z.string().optional(),
  opt_in: z.boolean().default(true),
  Rego: z.string().optional(),
  page_id: z.union([z.string(), z.number()]).optional(),
  hidden: z.string().optional(),
  terms_conditions: z.boolean().optional(),
  PreferredContactMethod: z.enum(["Phone", "Email", "SMS"]).optional(),
  finance: yesNoSchema.optional(),
  kms: z.number().nonnegative().optional(),
  regoState: z.string().optional(),
  rego: z.string().optional(),
  "do-you-have-a-trade-in": yesNoSchema.optional(),
  additional_services: z.array(z.string()).default([]),
});

/** Values an enquiry about a given car starts with. */
export const enquiryFormDefaultsSchema = z.object({
  dealership_slug: z.string(),
  manufacturer_slug: z.string().optional(),
  stock_number: z.string(),
  "Vehicle Make": z.string(),
  "Vehicle Model": z.string(),
  car_type: z.string(),
  car_id: z.number().int(),
  vehicle_status: z.string(),
  opt_in: z.boolean().default(true),
  message: z.string().default(""),
  subcategory: z.string().optional(),
});

export const leadUserDataSchema = leadPayloadSchema.shape.userData;

export const tradeInVehicleSchema = z.object({
  make: z.string().min(1, "Please enter the make."),
  model: z.string().min(1, "Please enter the model."),
  year: z.number().int().min(1900).max(2100),
  kms: z.number().nonnegative(),
  rego: z.string().optional(),
  regoState: z.string().optional(),
});

/** Trade-in data of the spec: the valuation answers plus the offer that came back. */
export const tradeInDataSchema = z.object({
  offer_price: z.number().nullable().optional(),
  adjustmentAnswers: z.record(z.string(), z.unknown()).default({}),
  rego: z.string().optional(),
  regoState: z.string().optional(),
  email: z.email().optional(),
  phone: z.string().optional(),
  lead_id: z.union([z.string(), z.number()]).optional(),
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
  disclaimer: z.string().optional(),
});
export const photoRequestLeadSchema = z.object({
  kind: z.literal("photo_request"),
  ...leadBase,
  /** The form's hidden field with its fixed request text. */
  request: z.string().min(1),
});
export const tradeInLeadSchema = z.object({
  kind: z.literal("trade_in"),
  ...leadBase,
  vehicle: tradeInVehicleSchema,
  adjustmentAnswers: z.record(z.string(), z.unknown()).default({}),
  rego: z.string().optional(),
  regoState: z.string().optional(),
});
export const offerAcceptanceSchema = z.object({
  kind: z.literal("offer_acceptance"),
  category: z.string().min(1),
  subcategory: z.literal("3. Offer Accepted"),
  lead_id: z.union([z.string(), z.number()]),
  form_completed: z.boolean(),
  offer_accepted: z.literal(true),
});
export const sellMyCarLeadSchema = z.object({
  kind: z.literal("sell_my_car"),
  ...leadBase,
  vehicle: tradeInVehicleSchema,
});
export const financeEnquiryLeadSchema = z.object({
  kind: z.literal("finance_enquiry"),
  ...leadBase,
  preferredDealership: z.string().optional(),
  vehiclePriceBudget: z.number().nonnegative().optional(),
  car_id: z.number().int().optional(),
  car_type: z.string().optional(),
  vin: z.string().optional(),
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
  lead_id: z.union([z.string(), z.number()]).optional(),
  error: z.string().optional(),
});

export type CustomerFormValues = z.infer<typeof customerFormValuesSchema>;
export type EnquiryFormDefaults = z.infer<typeof enquiryFormDefaultsSchema>;
export type LeadUserData = z.infer<typeof leadUserDataSchema>;
export type TradeInData = z.infer<typeof tradeInDataSchema>;
export type LeadSubmission = z.infer<typeof leadSubmissionSchema>;
export type LeadResponse = z.infer<typeof leadResponseSchema>;
