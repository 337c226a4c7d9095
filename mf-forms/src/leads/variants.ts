import type { LeadKind } from "@dealer/shared/contract";

/**
 * Every lead form of the spec as one variant of the same form: which lead kind it sends, its category,
 * which extra fields it shows. Routes pick a variant by the slot's `kind` param. Light (no zod): the
 * browser's first download reads it.
 */
export const FORM_VARIANT_IDS = [
  "enquiry",
  "contact",
  "test_drive",
  "photo_request",
  "trade_in",
  "sell_my_car",
  "finance_enquiry",
  "credit_check",
  "service",
  "parts",
  "fleet",
  "careers",
] as const;
export type FormVariantId = (typeof FORM_VARIANT_IDS)[number];

export type FormVariant = {
  id: FormVariantId;
  leadKind: Extract<LeadKind, "enquiry" | "test_drive" | "photo_request" | "trade_in" | "sell_my_car" | "finance_enquiry">;
  heading: string;
  /** Fixed category the lead is sent with; a shown category select replaces it. */
  category: string;
  /** A category select (required when shown). */
  categories?: string[];
  /** The comments box may be left empty whatever the dealer's setting (test drive, photo request). */
  messageOptional?: boolean;
  /** Rego and state, make, model, year and odometer of the shopper's car, plus the valuation questions. */
  vehicle?: boolean;
  /** The date-time booking field and whose times it offers: test drives sales', service bookings service's. */
  booking?: "sales" | "service";
  /** Checkbox list sent as additional_services. */
  services?: string[];
  /** Finance enquiry: budget and preferred dealership. */
  finance?: boolean;
  /** Know your credit score: the consent to a credit check is required and recorded with the lead (ADR 0027). */
  creditCheck?: boolean;
  /** Photo request: the hidden fixed request text. */
  request?: string;
  /** Analytics event id recorded on success. */
  eventId: number;
};

/**
 * The label of each field as the shopper reads it on the form: the form and every format the dealer gets (e-mail,
 * inbox, ADF comments) name a value by it, so a detail reaches the dealer under its own name (issue 33).
 */
export const FIELD_LABELS = {
  name: "Name",
  email: "Email",
  phone: "Phone",
  postcode: "Postcode",
  preferredContact: "Preferred contact method",
  category: "Category",
  location: "Location",
  deliveryLocation: "Preferred delivery location",
  dealership: "Preferred dealership",
  message: "Comments",
  services: "Additional services",
  licence: "Driver's licence",
  rego: "Registration",
  regoState: "State",
  make: "Make",
  model: "Model",
  year: "Year",
  kms: "Odometer",
  budget: "Vehicle price or budget",
  deposit: "Deposit or trade-in",
  term: "Loan term",
  interestRate: "Interest rate",
  balloon: "Residual / balloon",
  repayment: "Repayment",
} as const;

/** The preferred contact method's options as the form offers them and the dealer reads them. */
export const CONTACT_METHOD_WORDS = { Phone: "Phone call", Email: "Email", SMS: "Text message (SMS)" } as const;

export const CAREERS_CATEGORY = "Careers Enquiry";
/** Careers leads are General Enquiry / Career Enquiry (convertCategory) with their own event id. */
export const CAREERS_EVENT_ID = 14;
/** The test-drive form's optional disclaimer (spec §5), sent as its text when ticked. */
export const TEST_DRIVE_DISCLAIMER = "I hold a current driver's licence and will bring it to the test drive.";
export const PHOTO_REQUEST_TEXT = "Please send me more photos of this vehicle.";
export const SERVICE_OPTIONS = ["Logbook service", "Tyres", "Brakes", "Battery", "Air conditioning", "Wheel alignment", "Detailing"];
export const CONTACT_CATEGORIES = ["General Enquiry", "Sales Enquiry", "Service Enquiry", "Parts Enquiry", "Finance Enquiry", CAREERS_CATEGORY];

/** The valuation's adjustment questions (name -> question); each answered Yes or No. */
export const ADJUSTMENT_QUESTIONS: Record<string, string> = {
  accident: "Has the vehicle been in an accident?",
  mechanical: "Does it have any mechanical issues?",
  serviceHistory: "Does it have a full service history?",
  finance: "Is there finance owing on it?",
};
export const REGO_STATES = ["QLD", "NSW", "VIC", "ACT", "SA", "WA", "TAS", "NT"];
/** Spec §9: the state select defaults to QLD (the shopper may change or clear it). */
export const DEFAULT_REGO_STATE = "QLD";

export const FORM_VARIANTS: Record<FormVariantId, FormVariant> = {
  enquiry: { id: "enquiry", leadKind: "enquiry", heading: "Send us an enquiry", category: "Vehicle Enquiry", eventId: 1 },
  contact: { id: "contact", leadKind: "enquiry", heading: "Contact us", category: "General Enquiry", categories: CONTACT_CATEGORIES, eventId: 2 },
  test_drive: { id: "test_drive", leadKind: "test_drive", heading: "Book a test drive", category: "Test Drive", messageOptional: true, booking: "sales", eventId: 3 },
  photo_request: { id: "photo_request", leadKind: "photo_request", heading: "Request more photos", category: "Photo Request", messageOptional: true, request: PHOTO_REQUEST_TEXT, eventId: 4 },
  trade_in: { id: "trade_in", leadKind: "trade_in", heading: "Get a trade-in valuation", category: "Trade-In Valuation", messageOptional: true, vehicle: true, eventId: 5 },
  sell_my_car: { id: "sell_my_car", leadKind: "sell_my_car", heading: "Sell my car", category: "Sell My Car", messageOptional: true, vehicle: true, eventId: 6 },
  finance_enquiry: { id: "finance_enquiry", leadKind: "finance_enquiry", heading: "Finance enquiry", category: "Finance Enquiry", messageOptional: true, finance: true, eventId: 7 },
  credit_check: {
    id: "credit_check",
    leadKind: "finance_enquiry",
    heading: "Know your credit score",
    category: "Finance Enquiry",
    messageOptional: true,
    finance: true,
    creditCheck: true,
    eventId: 15,
  },
  service: { id: "service", leadKind: "enquiry", heading: "Book a service", category: "Service Booking", booking: "service", services: SERVICE_OPTIONS, eventId: 8 },
  parts: { id: "parts", leadKind: "enquiry", heading: "Parts and accessories enquiry", category: "Parts Enquiry", eventId: 9 },
  fleet: { id: "fleet", leadKind: "enquiry", heading: "Fleet enquiry", category: "Fleet Enquiry", eventId: 10 },
  careers: { id: "careers", leadKind: "enquiry", heading: "Careers", category: CAREERS_CATEGORY, eventId: CAREERS_EVENT_ID },
};

export function formVariant(id: string | undefined): FormVariant | null {
  return (FORM_VARIANT_IDS as readonly string[]).includes(id ?? "") ? FORM_VARIANTS[id as FormVariantId] : null;
}

/** The analytics event of a submitted lead: careers has its own. */
export function leadEventId(variant: FormVariant, category: string): number {
  return category === CAREERS_CATEGORY ? CAREERS_EVENT_ID : variant.eventId;
}

/** Which optional selects a form shows (shown selects are required): the schema and the markup agree on it. */
export type ShownSelects = { category: boolean; location: boolean; dealership: boolean };

/** Variants that ask which location the shopper means when the form is not about one car. */
const LOCATION_VARIANTS: ReadonlySet<FormVariantId> = new Set(["contact", "test_drive", "service", "parts"]);

/**
 * Which selects a form shows: the category select where the variant has categories, the location select
 * on location variants when the form is not about one car (a single location is still shown, selected),
 * the dealership select on a finance enquiry of a multi-dealership site.
 */
export function shownSelects(variant: FormVariant, site: { hasCar: boolean; locations: number; dealerships: number }): ShownSelects {
  return {
    category: Boolean(variant.categories?.length),
    location: LOCATION_VARIANTS.has(variant.id) && !site.hasCar && site.locations > 0,
    dealership: variant.leadKind === "finance_enquiry" && site.dealerships > 1,
  };
}

/** Form fields sent as numbers and as booleans: the browser's form library and a plain form post agree on them. */
export const NUMBER_FIELDS: ReadonlySet<string> = new Set([
  "car_id", "values.location_id", "values.kms", "vehicle.year", "vehicle.kms", "vehiclePriceBudget", "defaults.car_id",
  "finance.deposit", "finance.balloon", "finance.term_months", "finance.interest_rate", "finance.repayment",
]);
export const BOOLEAN_FIELDS: ReadonlySet<string> = new Set(["values.opt_in", "values.terms_conditions", "credit_check_consent", "form_completed", "offer_accepted"]);

/** The credit-check form's subcategory, consent and the message when it is not given (ADR 0027). */
export const CREDIT_CHECK_SUBCATEGORY = "Credit check";
export const CREDIT_CHECK_CONSENT_TEXT =
  "I consent to the dealership and its finance partners obtaining my credit report from a credit reporting body (such as Equifax) to assess my finance options.";
export const CREDIT_CHECK_CONSENT_MESSAGE = "Please give your consent to the credit check.";

/** '12,500 kms' -> 12500; empty -> undefined (an optional number left blank). */
export function numberFromInput(raw: string): number | undefined {
  const trimmed = raw.replace(/[\s,$]|kms?$/gi, "");
  return trimmed === "" ? undefined : Number(trimmed);
}
