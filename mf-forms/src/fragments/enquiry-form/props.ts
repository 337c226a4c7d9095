import type { SiteConfig } from "@dealer/shared/config";
import type { CalculatorFigures, EnquiryFormDefaults } from "@dealer/shared/contract";
import type { FormVariantId, ShownSelects } from "../../leads/variants";

export type FormOption = { value: string; label: string };

/** EnquiryForm's props: plain JSON resolved by the loader. */
export type EnquiryFormProps = {
  /** Which of the spec's forms (enquiry, test drive, trade-in, service ...). */
  variant: FormVariantId;
  heading: string;
  submitText: string;
  forms: SiteConfig["forms"];
  /** Set when the form is about one car (the vehicle page, /cars/trade-in?car_id, finance links). */
  car: { id: number; dealershipId: number; title: string } | null;
  /** Enquiry defaults from the car (sent with the lead); a sold car's message and subcategory. */
  carDefaults: EnquiryFormDefaults | null;
  defaults: { message: string; subcategory: string | null };
  shown: ShownSelects;
  /** Options of the shown selects; a single location is selected. */
  locations: FormOption[];
  /** The location the route names (/contact-us/{location-slug}), chosen from the start. */
  locationDefault: string | null;
  dealerships: FormOption[];
  /** The car's location's distribution locations (the field shows when there are any). */
  distributionLocations: FormOption[];
  /** Test drive: bookable times from the slot API for the first days (more load on demand). */
  bookingSlots: FormOption[];
  /** Finance enquiry: the finance link's parameters (price, car_type, vin) and the repayment calculator's figures. */
  finance: { vehiclePriceBudget: number | null; preferredDealership: string | null; carType: string | null; vin: string | null; calculator: CalculatorFigures };
  /** The site saves the valuation under column_name 'valuation' (features.saveValuationColumn). */
  saveValuationColumn: boolean;
  /** Prefix of the form's element ids: the Email Us dialog's copy of a page's form needs its own. */
  idPrefix?: string;
  /** The signed-in shopper's number, filled in (the credit-check page is always signed in). */
  signedInPhone: string | null;
  /**
   * Sent with a plain form post (before the script loads) so a double submit stores one lead; null on a car page's
   * kept forms (ADR 0074), whose markup many shoppers share.
   */
  idempotencyKey: string | null;
};
