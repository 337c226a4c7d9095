import { describe, expect, it } from "vitest";
import { brandTileSchema } from "./brand";
import { blogCardSchema, manufacturerSchema, modelSchema, slideSchema } from "./catalogue";
import { carSchema } from "./car";
import { financeCalculatorInputsSchema, youxQuoteRequestSchema } from "./finance";
import { leadSubmissionSchema, offerAcceptanceSchema } from "./lead";
import { locationSchema } from "./location";
import { parseWithFieldErrors } from "./parse";
import { priceComparisonSchema } from "./price-comparison";
import { reviewSchema, reviewSummarySchema } from "./review";
import { searchFilterAttributesSchema, searchResultSchema } from "./search";
import { specialHoursInputSchema } from "./special-hours";
import { favouriteSchema, viewedCarSchema, watchlistRequestSchema } from "./user";

function fieldsOf(result: ReturnType<typeof parseWithFieldErrors>): string[] {
  return result.ok ? [] : Object.keys(result.fieldErrors);
}

const userData = {
  url: "https://harbour-city-motors.localhost/cars/x",
  source: "Website",
  user_agent: "test",
  lead_attributes: { visited_pages: [], linked_query_params: {} },
};
const values = { name: "Sam", email: "sam@example.com", phone: "0412 345 678" };

describe("contract schemas refuse bad data and name the field", () => {
  it("car: bad year, unknown car_type, bad image url holder", () => {
    const result = parseWithFieldErrors(carSchema, {
      id: 1,
      slug: "x",
      name: "x",
      year: 1800,
      make: "Toyota",
      model: "Hilux",
      stocknum: "A1",
      status: "in_stock",
      car_type: "nearly-new",
      created_at: "",
      updated_at: "",
      site: "s",
      dealership_slug: "d",
      dealership_id: 1,
      // A photo is a URL or { image: { url } } (its thumbnail optional, issue 30): a holder without a URL is refused.
      images: [{ image: { url: "a.jpg" } }, { image: { thumb: { url: "t.jpg" } } }],
    });
    expect(fieldsOf(result)).toEqual(expect.arrayContaining(["year", "car_type", "images.1"]));
    expect(fieldsOf(result)).not.toContain("images.0");
  });

  it("location: latitude must be a number", () => {
    const result = parseWithFieldErrors(locationSchema, {
      id: 1,
      name: "Brisbane",
      slug: "brisbane",
      dealership_id: 1,
      dealership_slug: "d",
      address: { street: "1 St", city: "Brisbane", state: "QLD", postcode: "4000", lat: "x", long: 153 },
      contact_detail: { phone: "07 0000 0000" },
    });
    expect(fieldsOf(result)).toEqual(["address.lat"]);
  });

  it("search filter attributes, search result, price comparison", () => {
    expect(fieldsOf(parseWithFieldErrors(searchFilterAttributesSchema, { page: -1 }))).toEqual(["page"]);
    expect(parseWithFieldErrors(searchFilterAttributesSchema, { make: ["Toyota"], price: "0:50000" }).ok).toBe(true);
    expect(fieldsOf(parseWithFieldErrors(searchResultSchema, { hits: [], pages: 0, count: -1, ms: 1 }))).toEqual(["count"]);
    expect(fieldsOf(parseWithFieldErrors(priceComparisonSchema, { confidence: 2 }))).toEqual(["confidence"]);
  });

  it("finance: calculator inputs and the YouX quote request", () => {
    expect(fieldsOf(parseWithFieldErrors(financeCalculatorInputsSchema, { amount: -1, term: 5, interest: 10 }))).toEqual([
      "amount",
    ]);
    const quote = parseWithFieldErrors(youxQuoteRequestSchema, {
      selfAssessedCreditScore: "GOOD",
      purchasePrice: 30000,
      loanTerm: 5,
      year: 2021,
      vin: null,
      nvic: null,
      whoIsHelping: "",
    });
    expect(fieldsOf(quote)).toEqual(["selfAssessedCreditScore"]);
  });

  it("brand tile, user records, reviews, catalogue", () => {
    expect(fieldsOf(parseWithFieldErrors(brandTileSchema, { title: "", slug: "kia" }))).toEqual(["title"]);
    expect(fieldsOf(parseWithFieldErrors(watchlistRequestSchema, { phone_number: "", car_id: 3 }))).toEqual(["phone_number"]);
    expect(fieldsOf(parseWithFieldErrors(favouriteSchema, { id: 1, name: "n", slug: "s", make: "m" }))).toEqual(["model"]);
    expect(fieldsOf(parseWithFieldErrors(viewedCarSchema, { id: "1", stocknum: "A", make: "m", model: "m" }))).toEqual(["id"]);
    expect(fieldsOf(parseWithFieldErrors(reviewSchema, { id: 1, customer_name: "A", rating: 6 }))).toEqual(["rating"]);
    expect(parseWithFieldErrors(reviewSummarySchema, { count: 885, average_rating: 4.6 }).ok).toBe(true);
    expect(fieldsOf(parseWithFieldErrors(manufacturerSchema, { id: 1, name: "Kia", slug: "" }))).toEqual(["slug"]);
    expect(fieldsOf(parseWithFieldErrors(modelSchema, { name: "Sportage", slug: "sportage", accessories_count: -2 }))).toEqual([
      "accessories_count",
    ]);
    expect(fieldsOf(parseWithFieldErrors(slideSchema, { name: "Hero" }))).toEqual(["id"]);
    expect(fieldsOf(parseWithFieldErrors(blogCardSchema, { href: "/blog/a", heading: "A" }))).toEqual(["date"]);
  });

  it("lead payloads: every kind parses; a bad postcode and a wrong offer subcategory are named", () => {
    const kinds = [
      { kind: "enquiry", values, userData },
      { kind: "test_drive", values, userData, booking: "2025-06-01T09:00:00+10:00" },
      { kind: "photo_request", values, userData, request: "Please send me more photos of this car." },
      { kind: "trade_in", values, userData, vehicle: { make: "Mazda", model: "3", year: 2018, kms: 60000 } },
      { kind: "offer_acceptance", category: "Trade In", subcategory: "3. Offer Accepted", lead_id: 9, form_completed: true, offer_accepted: true },
      { kind: "sell_my_car", values, userData, vehicle: { make: "Mazda", model: "3", year: 2018, kms: 60000 } },
      { kind: "finance_enquiry", values, userData, vehiclePriceBudget: 30000 },
      { kind: "reserve", values, userData, car_id: 1, amount: 200 },
    ];
    for (const lead of kinds) expect(parseWithFieldErrors(leadSubmissionSchema, lead)).toMatchObject({ ok: true });

    const badPostcode = parseWithFieldErrors(leadSubmissionSchema, { kind: "enquiry", values: { ...values, postcode: "400" }, userData });
    expect(badPostcode).toEqual({ ok: false, fieldErrors: { "values.postcode": ["Invalid postcode. Please enter a 4-digit number."] } });
    const offer = parseWithFieldErrors(offerAcceptanceSchema, {
      kind: "offer_acceptance", category: "Trade In", subcategory: "Offer", lead_id: 1, form_completed: true, offer_accepted: true,
    });
    expect(fieldsOf(offer)).toEqual(["subcategory"]);
  });

  it("special hours: both shapes normalise; a missing location is named", () => {
    const a = specialHoursInputSchema.parse({ date: "2025-12-25", status: "Closed", location_id: 4 });
    const b = specialHoursInputSchema.parse({ date: "2025-12-26", status: "Open", hours: { begin: "09:00", end: "13:00" }, location: { id: 4 } });
    expect(a).toMatchObject({ location_id: 4, start_hour: null });
    expect(b).toMatchObject({ location_id: 4, start_hour: "09:00", end_hour: "13:00" });
    expect(fieldsOf(parseWithFieldErrors(specialHoursInputSchema, { date: "2025-12-25", status: "Closed" }))).toEqual(["location_id"]);
  });
});
