import { describe, expect, it } from "vitest";
import { leadUserDataSchema } from "../contract/lead";
import {
  deliveryPostcodeError,
  additionalServices, categoryRecordData, convertCategory, enquiryDefaultsForCar, leadOutcome, leadSuccessEventData, leadUserData, localPrefillToStore, postcodeInput,
} from "./forms";
import { makeCar } from "./test-fixtures";

describe("form rules", () => {
  it("Careers Enquiry becomes General Enquiry / Career Enquiry", () => {
    expect(convertCategory("Careers Enquiry")).toEqual({ category: "General Enquiry", subcategory: "Career Enquiry" });
    expect(convertCategory("Service", "Booking")).toEqual({ category: "Service", subcategory: "Booking" });
  });
  it("sold-car enquiry defaults", () => {
    expect(enquiryDefaultsForCar(makeCar({ status: "sold" }))).toMatchObject({
      message: "Can you please find me something similar?", subcategory: "Find me something similar", opt_in: true,
    });
    const inStock = enquiryDefaultsForCar(makeCar());
    expect(inStock).toMatchObject({ message: "", stock_number: "HC1001", "Vehicle Make": "Toyota", manufacturer_slug: "toyota", car_id: 101 });
    expect(inStock.subcategory).toBeUndefined();
  });
  it("local prefill only when name, email and phone are all present", () => {
    expect(localPrefillToStore({ name: "Sam", email: "s@e.com" })).toBeNull();
    expect(localPrefillToStore({ name: "Sam", email: "s@e.com", phone: "0412345678", postcode: "4000" })).toMatchObject({ postcode: "4000" });
  });
  it("lead outcome", () => {
    expect(leadOutcome({ lead_id: 42 })).toEqual({ ok: true, leadId: 42 });
    expect(leadOutcome({ error: "Dealer offline" })).toEqual({ ok: false, error: "Dealer offline" });
    expect(leadOutcome({})).toEqual({ ok: false, error: "An unexpected error occured" });
  });
  it("lead userData parses against the contract", () => {
    const data = leadUserData({ url: "https://x/cars/a", userAgent: "UA", car: makeCar() });
    expect(data).toMatchObject({ source: "Website", car_id: 101, car_dealership_id: 1 });
    expect(leadUserDataSchema.safeParse(data).success).toBe(true);
  });
  it("postcode input and additional services", () => {
    expect(postcodeInput("4,0001")).toBe("4000");
    expect(additionalServices({ Tyres: true, Tint: false, Wash: true })).toEqual(["Tyres", "Wash"]);
  });
});

describe("deliveryPostcodeError", () => {
  it("asks for a postcode, then for 4 digits, like the API's schema", () => {
    expect(deliveryPostcodeError(" ")).toBe("Please enter a postcode.");
    expect(deliveryPostcodeError("400")).toBe("Invalid postcode. Please enter a 4-digit number.");
    expect(deliveryPostcodeError(" 4000 ")).toBeNull();
  });
});

describe("leadSuccessEventData", () => {
  it("flattens the userData the spec names, each value within the analytics limit", () => {
    const userData = leadUserData({
      url: `https://dealer.example/cars/x?${"q".repeat(300)}`,
      userAgent: "Mozilla/5.0",
      car: { id: 7, dealership_id: 2 },
      visitedPages: ["/search", "/cars/x"],
      linkedQueryParams: { utm_source: "google" },
    });
    const data = leadSuccessEventData(42, "Test Drive", userData);
    expect(data).toMatchObject({ lead_id: 42, category: "Test Drive", source: "Website", user_agent: "Mozilla/5.0", car_id: 7, car_dealership_id: 2, visited_pages: "/search /cars/x", linked_query_params: "utm_source=google" });
    expect(String(data.url)).toHaveLength(200);
    expect(Object.keys(data).length).toBeLessThanOrEqual(20);
  });
});

describe("category record call", () => {
  it("carries the subcategory, and car_type with the car's other pairs for a lead about a car", () => {
    const defaults = enquiryDefaultsForCar({ id: 7, dealership_slug: "hcm", stocknum: "S7", make: "Mazda", model: "CX-5", car_type: "used", status: "in_stock" });
    expect(categoryRecordData(null, defaults)).toEqual({
      subcategory: null, car_type: "used", car_id: 7, make: "Mazda", model: "CX-5", stock_number: "S7", dealership_slug: "hcm", vehicle_status: "in_stock",
    });
    expect(categoryRecordData("Career Enquiry", null)).toEqual({ subcategory: "Career Enquiry" });
  });
});
