import { z } from "zod";
import type { SiteConfig } from "../config/site-config";
import { customerFormValuesSchema, LEAD_TEXT_MAX, leadText, requiredText } from "./lead";
import { DELIVERY_POSTCODE_REQUIRED, POSTCODE_MESSAGE } from "./postcode-messages";

export { DELIVERY_POSTCODE_REQUIRED };

export const TERMS_MESSAGE = "You must agree to the terms of use before submitting.";
export const FORM_ERRORS_HEADING = "Please fix the following errors:";

/** Which optional selects a form shows; a shown select is required. */
export type EnquiryFormShown = { category?: boolean; location?: boolean; dealership?: boolean };

/**
 * The terms error as shown: sites with a terms checkbox prefix it with '*' (spec §5, §8). Every form that requires
 * the terms here (lead forms, checkout) asks for them with a checkbox, so the message always carries the star.
 */
export const TERMS_CHECKBOX_MESSAGE = `*${TERMS_MESSAGE}`;

/**
 * Enquiry form validation for one dealer: message required unless the dealer marks it optional,
 * shown selects required, terms agreement when the dealer requires it. The opt-in box starts as the dealer sets
 * (forms.optInDefault), but consent is recorded only as posted: a lead without it has none.
 */
export function buildEnquiryFormSchema(forms: SiteConfig["forms"], shown: EnquiryFormShown = {}) {
  // A missing field and an empty one read the same to the shopper.
  const required = (message: string) => requiredText(message);
  return customerFormValuesSchema.extend({
    message: forms.messageOptional ? leadText(LEAD_TEXT_MAX.message).optional() : requiredText("Please enter a message.", LEAD_TEXT_MAX.message),
    category: shown.category ? required("Please select a category.") : z.string().optional(),
    location: shown.location ? required("Please select a location.") : z.string().optional(),
    dealership_slug: shown.dealership ? required("Please select a dealership.") : z.string().optional(),
    opt_in: z.boolean().default(false),
    terms_conditions: forms.termsRequired
      ? z.boolean({ error: TERMS_CHECKBOX_MESSAGE }).refine((agreed) => agreed, TERMS_CHECKBOX_MESSAGE)
      : z.boolean().optional(),
  });
}

/** Test drive: core fields, message optional, an optional booking time and disclaimer. */
export const testDriveFormSchema = customerFormValuesSchema.extend({
  booking: z.iso.datetime({ offset: true }).optional(),
  disclaimer: z.string().optional(),
});

/** Delivery calculator: the postcode is required, and like every postcode it is 4 digits. */
export const deliveryPostcodeSchema = z
  .string({ error: DELIVERY_POSTCODE_REQUIRED })
  .trim()
  // abort: an empty postcode gets only the 'required' message.
  .min(1, { error: DELIVERY_POSTCODE_REQUIRED, abort: true })
  .regex(/^\d{4}$/, POSTCODE_MESSAGE);
