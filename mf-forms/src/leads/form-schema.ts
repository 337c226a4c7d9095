import type { SiteConfig } from "@dealer/shared/config";
import {
  buildEnquiryFormSchema,
  enquiryLeadSchema,
  financeEnquiryLeadSchema,
  photoRequestLeadSchema,
  postcodeSchema,
  sellMyCarLeadSchema,
  testDriveLeadSchema,
  tradeInLeadSchema,
  tradeInVehicleSchema,
} from "@dealer/shared/contract";
import { z } from "zod";
import { ADJUSTMENT_QUESTIONS, CREDIT_CHECK_CONSENT_MESSAGE, FORM_VARIANT_IDS, type FormVariant, type ShownSelects, TEST_DRIVE_DISCLAIMER } from "./variants";

export const YEAR_MESSAGE = "Please enter the year.";
export const ODOMETER_MESSAGE = "Please enter the odometer reading in kms.";
export const BOOKING_MESSAGE = "Please choose an available time.";

/** The shopper's car on the trade-in and sell-my-car forms, with the messages the form shows. */
const vehicleSchema = tradeInVehicleSchema.extend({
  year: z.number({ error: YEAR_MESSAGE }).int(YEAR_MESSAGE).min(1950, YEAR_MESSAGE).max(2100, YEAR_MESSAGE),
  kms: z.number({ error: ODOMETER_MESSAGE }).int(ODOMETER_MESSAGE).nonnegative(ODOMETER_MESSAGE).max(2_000_000, ODOMETER_MESSAGE),
});

/**
 * Values of one dealer's form: message optional per dealer or per form, shown selects required, a
 * 4-digit postcode always required.
 */
export function leadFormValuesSchema(forms: SiteConfig["forms"], variant: Pick<FormVariant, "messageOptional">, shown: Partial<ShownSelects> = {}) {
  return buildEnquiryFormSchema({ ...forms, messageOptional: forms.messageOptional || Boolean(variant.messageOptional) }, shown).extend({ postcode: postcodeSchema });
}

/** The valuation questions the form asks, each answered Yes or No, or left unanswered. */
const adjustmentAnswersSchema = z
  .object(Object.fromEntries(Object.keys(ADJUSTMENT_QUESTIONS).map((question) => [question, z.enum(["Yes", "No"]).optional()])))
  .default({});

const KIND_SCHEMAS = {
  enquiry: enquiryLeadSchema,
  // The licence tick is the sentence the shopper ticked, so the record can say they ticked it.
  test_drive: testDriveLeadSchema.extend({ disclaimer: z.literal(TEST_DRIVE_DISCLAIMER, { error: "Tick the box, or leave it empty." }).optional() }),
  photo_request: photoRequestLeadSchema,
  trade_in: tradeInLeadSchema.extend({ vehicle: vehicleSchema, adjustmentAnswers: adjustmentAnswersSchema }),
  sell_my_car: sellMyCarLeadSchema.extend({ vehicle: vehicleSchema, adjustmentAnswers: adjustmentAnswersSchema }),
  finance_enquiry: financeEnquiryLeadSchema,
} as const;

/** The whole lead one form sends (the browser validates it without userData, the API with it). */
export function leadSchemaFor(variant: FormVariant, forms: SiteConfig["forms"], shown: Partial<ShownSelects> = {}) {
  return KIND_SCHEMAS[variant.leadKind].extend({
    values: leadFormValuesSchema(forms, variant, shown),
    form: z.enum(FORM_VARIANT_IDS).optional(),
    // The credit-check form goes no further without the shopper's consent to the check.
    credit_check_consent: variant.creditCheck ? z.literal(true, { error: CREDIT_CHECK_CONSENT_MESSAGE }) : z.boolean().optional(),
    // A test drive's or service booking's chosen time (optional: no time online means the dealer calls); other forms book nothing.
    booking: variant.booking ? z.iso.datetime({ offset: true, error: BOOKING_MESSAGE }).optional() : z.undefined({ error: "This form takes no booking." }).optional(),
  });
}
export type LeadForm = z.output<ReturnType<typeof leadSchemaFor>>;
