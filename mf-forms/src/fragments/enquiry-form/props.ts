import type { SiteConfig } from "@dealer/shared/config";
import type { FormKind } from "../../leads/form-schema";

/** EnquiryForm's props: plain JSON resolved by the loader. */
export type EnquiryFormProps = {
  kind: FormKind;
  heading: string;
  submitText: string;
  forms: SiteConfig["forms"];
  /** Set when the form is about one car (the vehicle page). */
  car: { id: number; dealershipId: number; title: string } | null;
  /** Starting message and subcategory, e.g. a sold car's 'Find me something similar'. */
  defaults: { message: string; subcategory: string | null };
};
