import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLeadApi, LEAD_STORE_FAILED } from "./api";
import { createTestD1 } from "../../../db/test-support/d1";
import { insertSite } from "../../../db/test-support/fragment-request";

let db: D1Database;
let dispose: () => Promise<void>;
const app = createLeadApi();

const values = { name: "Jo Citizen", email: "jo@example.com", phone: "0412 345 678", postcode: "4000", message: "Is it available?", opt_in: true };
const payload = (over: Record<string, unknown> = {}) => ({
  kind: "enquiry",
  values,
  userData: { url: "http://harbour-city-motors.localhost:8787/cars/x", source: "Website", user_agent: "test", car_id: 501, car_dealership_id: 99, lead_attributes: { visited_pages: [], linked_query_params: {} } },
  ...over,
});

function post(body: unknown, host = "harbour-city-motors.localhost:8787", database = db) {
  return app.request("/api/leads", { method: "POST", headers: { host, "content-type": "application/json" }, body: JSON.stringify(body) }, { DB: database });
}

beforeAll(async () => {
  ({ db, dispose } = await createTestD1());
  await insertSite(db, "harbour-city-motors");
  await insertSite(db, "metro-certified", { forms: { messageOptional: true } });
  await db.prepare("INSERT INTO site_domains (domain, site) VALUES ('www.metrocertified.com.au', 'metro-certified')").run();
  await db.prepare("INSERT INTO vehicles (id, site, dealership_id, slug, stocknum, status, updated_at, data) VALUES (501, 'harbour-city-motors', 3, 'car', 'S1', 'in_stock', 'now', '{}')").run();
});
afterAll(() => dispose());

describe("POST /api/leads", () => {
  it("stores a valid lead as pending for the Host's site and answers 201 {lead_id}", async () => {
    const response = await post(payload());
    expect(response.status).toBe(201);
    const { lead_id } = (await response.json()) as { lead_id: number };
    const row = await db.prepare("SELECT * FROM leads WHERE id = ?").bind(lead_id).first<Record<string, unknown>>();
    expect(row).toMatchObject({ site: "harbour-city-motors", kind: "enquiry", car_id: 501, dealership_id: 3, delivery_status: "pending", attempts: 0 });
    expect(JSON.parse(String(row?.data))).toMatchObject({ kind: "enquiry", values: { name: "Jo Citizen", postcode: "4000" } });
  });

  it("finds a site by its own domain, where the message may be optional", async () => {
    const response = await post(payload({ values: { ...values, message: "" }, userData: { ...payload().userData, car_id: undefined } }), "www.metrocertified.com.au");
    expect(response.status).toBe(201);
    const { lead_id } = (await response.json()) as { lead_id: number };
    expect(await db.prepare("SELECT site, car_id FROM leads WHERE id = ?").bind(lead_id).first()).toEqual({ site: "metro-certified", car_id: null });
  });

  it("answers 404 for a host no site answers on", async () => {
    expect((await post(payload(), "nobody.localhost:8787")).status).toBe(404);
    expect((await post(payload(), "evil.example.com")).status).toBe(404);
  });

  it("answers 400 with field errors: postcode, required message, email", async () => {
    const response = await post(payload({ values: { ...values, postcode: "400", message: " ", email: "nope" } }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; fieldErrors: Record<string, string[]> };
    expect(body.fieldErrors["values.postcode"]).toEqual(["Invalid postcode. Please enter a 4-digit number."]);
    expect(body.fieldErrors["values.message"]).toBeDefined();
    expect(body.fieldErrors["values.email"]).toBeDefined();
    expect((await post(payload({ kind: "sell_everything" }))).status).toBe(400);
    expect((await post("not json")).status).toBe(400);
  });

  it("answers 503 with a clear message when the lead cannot be stored", async () => {
    const broken = await createTestD1();
    try {
      await insertSite(broken.db, "harbour-city-motors");
      await broken.db.prepare("DROP TABLE leads").run();
      const response = await post(payload(), undefined, broken.db);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ message: LEAD_STORE_FAILED });
    } finally {
      await broken.dispose();
    }
  });
});
