import type { SiteConfig } from "@dealer/shared/config";
import { buildEnquiryFormSchema, postcodeSchema } from "@dealer/shared/contract";
import { z } from "zod";

/** The lead kinds this remote's form renders. */
export const formKindSchema = z.enum(["enquiry", "test_drive", "trade_in"]);
export type FormKind = z.infer<typeof formKindSchema>;

/**
 * Values of one dealer's form of one kind; the browser and POST /api/leads validate with the same schema.
 * The postcode is required (4 digits); a test drive's message is optional.
 */
export function leadFormValuesSchema(forms: SiteConfig["forms"], kind: FormKind) {
  return buildEnquiryFormSchema({ ...forms, messageOptional: forms.messageOptional || kind === "test_drive" }).extend({
    postcode: postcodeSchema,
  });
}
export type LeadFormValues = z.output<ReturnType<typeof leadFormValuesSchema>>;
