import { FragmentNotFound } from "@dealer/shared/fragment-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestD1 } from "../../../../db/test-support/d1";
import { testFragmentRequest } from "../../../../db/test-support/fragment-request";
import type { Env } from "../../env";
import { FIND_SIMILAR_MESSAGE } from "@dealer/shared/rules";
import { loadEnquiryForm } from "./load.server";

const SITE = "harbour-city-motors";
let db: D1Database;
let dispose: () => Promise<void>;
const env = () => ({ DB: db }) as Env;

function carData(id: number, slug: string, status: string) {
  return {
    id, slug, name: `2022 Mazda CX-5 #${id}`, year: 2022, make: "Mazda", model: "CX-5", stocknum: `S${id}`, price: 39990, status,
    car_type: "used", created_at: "2025-01-01T00:00:00Z", updated_at: "2025-01-01T00:00:00Z", site: SITE,
    dealership_slug: "harbour-city-mazda", dealership_id: 4,
  };
}

beforeAll(async () => {
  ({ db, dispose } = await createTestD1());
  for (const car of [carData(1, "in-stock", "in_stock"), carData(2, "sold", "sold"), { ...carData(3, "drive-only", "in_stock"), tag: "Test Drive Only" }]) {
    await db
      .prepare("INSERT INTO vehicles (id, site, dealership_id, slug, stocknum, status, updated_at, data) VALUES (?, ?, 4, ?, ?, ?, ?, ?)")
      .bind(car.id, SITE, car.slug, car.stocknum, car.status, car.updated_at, JSON.stringify(car))
      .run();
  }
});
afterAll(() => dispose());

describe("loadEnquiryForm", () => {
  it("renders the kind's form with the site's labels and form switches", async () => {
    const props = await loadEnquiryForm(testFragmentRequest(SITE, { kind: "test_drive" }, { labels: { submitText: "Book Now" }, forms: { messageOptional: true } }), env());
    expect(props).toMatchObject({ variant: "test_drive", heading: "Book a test drive", submitText: "Book Now", car: null, forms: { messageOptional: true } });
    expect(props.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("ties the enquiry to the car, and a sold car asks for something similar", async () => {
    const inStock = await loadEnquiryForm(testFragmentRequest(SITE, { kind: "enquiry", slug: "in-stock" }), env());
    expect(inStock).toMatchObject({ car: { id: 1, dealershipId: 4 }, defaults: { message: "", subcategory: null }, submitText: "Submit Form" });
    expect(inStock.carDefaults).toMatchObject({ stock_number: "S1", "Vehicle Make": "Mazda", car_id: 1, vehicle_status: "in_stock", opt_in: true });
    const sold = await loadEnquiryForm(testFragmentRequest(SITE, { kind: "enquiry", slug: "sold" }), env());
    expect(sold.defaults).toEqual({ message: FIND_SIMILAR_MESSAGE, subcategory: "Find me something similar" });
    expect(sold.heading).toBe("Find Me Something Similar");
    const byId = await loadEnquiryForm(testFragmentRequest(SITE, { kind: "trade_in", car_id: "1" }), env());
    expect(byId.car).toMatchObject({ id: 1 });
    const stale = await loadEnquiryForm(testFragmentRequest(SITE, { kind: "finance_enquiry", car_id: "999", vehiclePriceBudget: "25000", vin: "V1" }), env());
    expect(stale).toMatchObject({ car: null, finance: { vehiclePriceBudget: 25000, vin: "V1" } });
  });

  it("books a test drive instead of an enquiry for a test-drive-only car", async () => {
    const props = await loadEnquiryForm(testFragmentRequest(SITE, { kind: "enquiry", slug: "drive-only" }), env());
    expect(props).toMatchObject({ variant: "test_drive", heading: "Book a test drive", car: { id: 3 } });
  });

  it("throws FragmentNotFound for an unknown kind or car", async () => {
    await expect(loadEnquiryForm(testFragmentRequest(SITE, { kind: "spin_to_win" }), env())).rejects.toBeInstanceOf(FragmentNotFound);
    await expect(loadEnquiryForm(testFragmentRequest(SITE, { kind: "enquiry", slug: "nope" }), env())).rejects.toBeInstanceOf(FragmentNotFound);
  });
});
