import type { Car } from "../contract/car";
import type { CustomerFormValues, EnquiryFormDefaults, LeadResponse, LeadUserData } from "../contract/lead";
import { DELIVERY_POSTCODE_REQUIRED, POSTCODE_MESSAGE } from "../contract/postcode-messages";
import { isInStock } from "./availability";
import { pathSegment } from "./search-paths";

export const UNEXPECTED_LEAD_ERROR = "An unexpected error occured";
export const FORM_SUBMIT_ERROR = "An error occurred when submitting this form";
export const GEOCODE_INVALID_POSTCODE = "Invalid postcode";
export const SUCCESS_PATH = "/success";
export const FIND_SIMILAR_MESSAGE = "Can you please find me something similar?";
export const FIND_SIMILAR_SUBCATEGORY = "Find me something similar";
export const OFFER_ACCEPTED_SUBCATEGORY = "3. Offer Accepted";
export const POSTCODE_LENGTH = 4;
export const DELIVERY_UNKNOWN_LOCATION =
  "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.";

/** The delivery calculator's check before it asks (the API applies the same rule with deliveryPostcodeSchema). */
export function deliveryPostcodeError(postcode: string): string | null {
  const value = postcode.trim();
  if (!value) return DELIVERY_POSTCODE_REQUIRED;
  return /^\d{4}$/.test(value) ? null : POSTCODE_MESSAGE;
}

/** 'Careers Enquiry' is sent as 'General Enquiry' with subcategory 'Career Enquiry'. */
export function convertCategory(category: string, subcategory?: string): { category: string; subcategory?: string } {
  if (category === "Careers Enquiry") return { category: "General Enquiry", subcategory: "Career Enquiry" };
  return subcategory === undefined ? { category } : { category, subcategory };
}

/** Enquiry form start values for a car; a sold car asks for something similar. */
export function enquiryDefaultsForCar(
  car: Pick<Car, "id" | "dealership_slug" | "stocknum" | "make" | "model" | "car_type" | "status">,
  optInDefault = true,
): EnquiryFormDefaults {
  const sold = !isInStock(car.status);
  return {
    dealership_slug: car.dealership_slug,
    manufacturer_slug: pathSegment(car.make),
    stock_number: car.stocknum,
    "Vehicle Make": car.make,
    "Vehicle Model": car.model,
    car_type: car.car_type,
    car_id: car.id,
    vehicle_status: car.status,
    opt_in: optInDefault,
    message: sold ? FIND_SIMILAR_MESSAGE : "",
    ...(sold ? { subcategory: FIND_SIMILAR_SUBCATEGORY } : {}),
  };
}

/**
 * The category record call's pairs after a lead is sent (spec §7): the subcategory and, for a lead about a car,
 * car_type and the car's other enquiry defaults; a lead about no car sends the subcategory alone.
 */
export function categoryRecordData(subcategory: string | null, carDefaults: EnquiryFormDefaults | null): Record<string, string | number | null> {
  const car: Record<string, string | number> = carDefaults
    ? {
        car_type: carDefaults.car_type,
        car_id: carDefaults.car_id,
        make: carDefaults["Vehicle Make"],
        model: carDefaults["Vehicle Model"],
        stock_number: carDefaults.stock_number,
        dealership_slug: carDefaults.dealership_slug,
        vehicle_status: carDefaults.vehicle_status,
      }
    : {};
  return { subcategory: subcategory ?? null, ...car };
}

export type LocalPrefill = Pick<CustomerFormValues, "name" | "last_name" | "email" | "phone" | "postcode">;

/** What to store on the device after submit: only when name, email and phone are all present. */
export function localPrefillToStore(values: Partial<CustomerFormValues>): LocalPrefill | null {
  const { name, last_name, email, phone, postcode } = values;
  if (!name?.trim() || !email?.trim() || !phone?.trim()) return null;
  return { name, last_name, email, phone, postcode };
}

/** A lead response carries lead_id or error; neither is 'An unexpected error occured'. */
export function leadOutcome(response: LeadResponse): { ok: true; leadId: string | number } | { ok: false; error: string } {
  if (response.lead_id !== undefined && response.lead_id !== null && response.lead_id !== "") return { ok: true, leadId: response.lead_id };
  return { ok: false, error: response.error || UNEXPECTED_LEAD_ERROR };
}

/** userData every lead carries: source 'Website' and the visitor's trail. */
export function leadUserData(input: {
  url: string;
  userAgent: string;
  car?: Pick<Car, "id" | "dealership_id"> | null;
  visitedPages?: string[];
  linkedQueryParams?: Record<string, string>;
}): LeadUserData {
  return {
    url: input.url,
    source: "Website",
    user_agent: input.userAgent,
    ...(input.car ? { car_id: input.car.id, car_dealership_id: input.car.dealership_id } : {}),
    lead_attributes: { visited_pages: input.visitedPages ?? [], linked_query_params: input.linkedQueryParams ?? {} },
  };
}

/** Postcode input: digits only, at most 4, no thousand separator. */
export const postcodeInput = (raw: string) => raw.replace(/\D/g, "").slice(0, POSTCODE_LENGTH);

/** additional_services: the checked options, in order. */
export function additionalServices(options: Record<string, boolean>): string[] {
  return Object.entries(options)
    .filter(([, checked]) => checked)
    .map(([name]) => name);
}

/** An analytics value is at most 200 characters (analyticsEventSchema). */
const clip = (text: string) => text.slice(0, 200);

/**
 * A lead's success event (spec §4, §7: an event id plus user data) as flat analytics data: the lead, its category
 * and the userData the spec names, lists and query parameters as text.
 */
export function leadSuccessEventData(leadId: string | number, category: string, userData: LeadUserData): Record<string, string | number | null> {
  const { lead_attributes: attributes } = userData;
  return {
    lead_id: leadId,
    category: clip(category),
    url: clip(userData.url),
    source: userData.source,
    user_agent: clip(userData.user_agent),
    car_id: userData.car_id ?? null,
    car_dealership_id: userData.car_dealership_id ?? null,
    visited_pages: clip(attributes.visited_pages.join(" ")),
    linked_query_params: clip(new URLSearchParams(attributes.linked_query_params).toString()),
  };
}
