import { DEFAULT_DRIVE_AWAY_RATES } from "@dealer/shared/config";
import { type Car, leadRecordSchema, locationSchema } from "@dealer/shared/contract";
import { type DriveAwayEstimate, driveAwayEstimate, driveAwayMoney, TYPICAL_AMOUNT, unconfirmedText } from "@dealer/shared/rules";
import { makeCar } from "@dealer/shared/testing";
import { describe, expect, it } from "vitest";
import { adfProblems } from "../../../tests/support/adf";
import { acceptanceRecord, buildLeadRecord, type PostedLead, placeLead, type SiteFacts, withRecordDefaults } from "../leads/record";
import { type DeliverableLead, leadAdf, leadEmail, leadJson } from "./formats";

const location = {
  ...locationSchema.parse({
    id: 11,
    name: "Harbour City North",
    slug: "north",
    dealership_id: 1,
    dealership_slug: "harbour-city-toyota",
    timezone: "Australia/Sydney",
    address: { street: "1 Harbour St", city: "Sydney", state: "NSW", postcode: "2000", lat: 0, long: 0 },
    contact_detail: { phone: "02 9000 0000" },
  }),
  primary: true,
};
const facts: SiteFacts = {
  site: { slug: "harbour-city-motors", name: "Harbour City Motors", url: "http://harbour-city-motors.localhost:8787", slotMinutes: 60 },
  dealerships: [
    { id: 1, slug: "harbour-city-toyota", name: "Harbour City Toyota" },
    { id: 2, slug: "harbour-city-mazda", name: "Harbour City Mazda" },
  ],
  locations: [location],
  car: makeCar({ primary_image_url: "/cdn/image/width=640,quality=75/vehicles/suv/blue/three-quarter.svg", vin: "JTDBR32E720012345", badge: "Ascent Sport", colour: "Blue", location: { id: 11, name: "Harbour City North", slug: "north", phone: "02 9000 0000", address: { street: "1 Harbour St", city: "Sydney", state: "NSW", postcode: "2000" }, distribution_locations: [{ id: 1, name: "Newcastle" }] } }),
};
const base = {
  values: { name: "Jo Anne Citizen", email: "jo@example.com", phone: "0412 345 678", postcode: "2000", message: "Is it <still> available & ready?", opt_in: true },
  userData: { url: "http://harbour-city-motors.localhost:8787/cars/x", user_agent: "tests", lead_attributes: { visited_pages: ["/search", "/cars/x"], linked_query_params: { utm_source: "google" } } },
};
const createdAt = new Date("2026-05-01T23:30:00Z");
const extras = { createdAt, consent: { opt_in: true, recorded_at: createdAt.toISOString(), privacy_notice: "We use your details." } };

const LEADS: Record<string, PostedLead> = {
  enquiry: { kind: "enquiry", ...base, values: { ...base.values, category: "Vehicle Enquiry" }, userData: { ...base.userData, car_id: 101 } },
  contact: { kind: "enquiry", form: "contact", ...base, values: { ...base.values, category: "General Enquiry", location: "11" } },
  test_drive: { kind: "test_drive", ...base, values: { ...base.values, category: "Test Drive", PreferredContactMethod: "SMS" }, userData: { ...base.userData, car_id: 101 }, booking: "2026-05-09T00:00:00.000Z" },
  trade_in: {
    kind: "trade_in",
    ...base,
    values: { ...base.values, category: "Trade-In Valuation" },
    vehicle: { make: "Mazda", model: "CX-5", year: 2020, kms: 61000 },
    rego: "ABC123",
    regoState: "NSW",
    adjustmentAnswers: { accident: "No", serviceHistory: "Yes" },
  },
  chat: { kind: "chat", form: "chat", ...base, values: { ...base.values, category: "Chat", message: "Is it still available?" }, userData: { ...base.userData, car_id: 101 } },
  finance_enquiry: { kind: "finance_enquiry", ...base, values: { ...base.values, category: "Finance Enquiry" }, userData: { ...base.userData, car_id: 101 }, vehiclePriceBudget: 30000, preferredDealership: "harbour-city-toyota" },
};

function deliverable(posted: PostedLead, id = 42, driveAway?: DriveAwayEstimate): DeliverableLead {
  const placed = placeLead(posted, facts);
  if (!placed.ok) throw new Error(JSON.stringify(placed.fieldErrors));
  const valuation = posted.vehicle ? ({ estimate: true, low: 20000, high: 22000, offer: 20000, comparables: 3 } as const) : undefined;
  const record = { lead_id: id, ...buildLeadRecord(posted, placed.place, facts, { ...extras, valuation, driveAway }) };
  return { id, site: facts.site.slug, kind: posted.kind, createdAt: createdAt.toISOString(), carId: record.vehicle?.id ?? null, dealershipId: 1, dealershipSlug: "harbour-city-toyota", lead: posted, record };
}

const provider = { name: "Dealer platform", url: "https://platform.example", email: "leads@platform.example" };

describe("the lead record", () => {
  it("takes the car from the stock, the name in parts, the location's time zone, and passes its own schema", () => {
    const { record } = deliverable(LEADS.test_drive as PostedLead);
    expect(leadRecordSchema.parse(record)).toEqual(record);
    expect(record.customer).toMatchObject({ first_name: "Jo Anne", last_name: "Citizen", phone_type: "mobile", preferred_contact: "sms" });
    expect(record.vehicle).toMatchObject({ id: 101, stock_number: "HC1001", vin: "JTDBR32E720012345", year: 2021, make: "Toyota", model: "Corolla", badge: "Ascent Sport", condition: "used", price: 27990 });
    expect(record.vehicle?.url).toBe("http://harbour-city-motors.localhost:8787/cars/2021-toyota-corolla-ascent-sport");
    expect(record.created_at).toBe("2026-05-02T09:30:00+10:00");
    expect(record.appointment).toEqual({ type: "test_drive", start: "2026-05-09T10:00:00+10:00", end: "2026-05-09T11:00:00+10:00", time_zone: "Australia/Sydney", location: { id: 11, name: "Harbour City North" } });
    expect(record.source.visited_pages).toEqual(["/search", "/cars/x"]);
  });

  it("refuses a car, location or dealership the site does not have, naming the field", () => {
    expect(placeLead({ ...(LEADS.enquiry as PostedLead), userData: { ...base.userData, car_id: 999 } }, facts)).toMatchObject({ ok: false, fieldErrors: { "userData.car_id": [expect.any(String)] } });
    expect(placeLead({ ...(LEADS.contact as PostedLead), values: { ...base.values, location: "999" } }, facts)).toMatchObject({ ok: false, fieldErrors: { "values.location": [expect.any(String)] } });
    expect(placeLead({ ...(LEADS.contact as PostedLead), values: { ...base.values, location_id: 5 } }, facts)).toMatchObject({ ok: false, fieldErrors: { "values.location_id": [expect.any(String)] } });
    expect(placeLead({ ...(LEADS.contact as PostedLead), values: { ...base.values, location: "Somewhere" } }, facts)).toMatchObject({ ok: false, fieldErrors: { "values.location": [expect.any(String)] } });
    expect(placeLead({ ...(LEADS.finance_enquiry as PostedLead), preferredDealership: "summit-ford" }, facts)).toMatchObject({ ok: false, fieldErrors: { preferredDealership: [expect.any(String)] } });
    // The car's distribution location is the shopper's to choose.
    expect(placeLead({ ...(LEADS.enquiry as PostedLead), values: { ...base.values, location: "Newcastle" } }, facts)).toMatchObject({ ok: true });
  });
});

describe("a record stored before the licence tick was kept", () => {
  it("reads as built now: the tick from what the test drive posted, null on other forms", () => {
    const stored = (posted: PostedLead) => {
      const { lead_id: _, ...record } = deliverable(posted).record;
      const { holds_licence: __, ...customer } = record.customer;
      return { ...record, customer } as typeof record;
    };
    const drive = LEADS.test_drive as PostedLead;
    expect(withRecordDefaults(stored(drive), { disclaimer: "I hold a current driver's licence and will bring it to the test drive." }).customer.holds_licence).toBe(true);
    expect(withRecordDefaults(stored(drive), {}).customer.holds_licence).toBe(false);
    expect(withRecordDefaults(stored(LEADS.enquiry as PostedLead), {}).customer.holds_licence).toBeNull();
  });
});

describe("ADF/XML", () => {
  for (const [name, posted] of Object.entries(LEADS)) {
    it(`a ${name} lead is valid against the ADF 1.0 DTD`, () => {
      expect(adfProblems(leadAdf(deliverable(posted), provider, "leads@x.dealers.local"))).toEqual([]);
    });
  }
  it("an accepted offer and a resend are valid too", () => {
    const tradeIn = deliverable(LEADS.trade_in as PostedLead);
    const accepted = { ...tradeIn, record: { lead_id: 43, ...acceptanceRecord(tradeIn.record, 42, { category: "Trade-In Valuation", subcategory: "3. Offer Accepted" }, createdAt) } };
    const xml = leadAdf(accepted, provider, "x@y", true);
    expect(adfProblems(xml)).toEqual([]);
    expect(xml).toContain('<prospect status="resend">');
    expect(xml).toContain('<price type="appraisal" currency="AUD">20000</price>');
  });
  it("carries the car, the trade-in, the customer in parts and the booking", () => {
    const drive = leadAdf(deliverable(LEADS.test_drive as PostedLead), provider, "x@y");
    expect(drive).toContain('<vehicle interest="test-drive" status="used"><id source="car_id">101</id><year>2021</year><make>Toyota</make><model>Corolla</model><vin>JTDBR32E720012345</vin><stock>HC1001</stock>');
    expect(drive).toContain('<name part="first">Jo Anne</name><name part="last">Citizen</name>');
    expect(drive).toContain('<phone type="cellphone" preferredcontact="1">0412 345 678</phone>');
    expect(drive).toContain("<earliestdate>2026-05-09T10:00:00+10:00</earliestdate>");
    expect(drive).toContain("<requestdate>2026-05-02T09:30:00+10:00</requestdate>");
    expect(drive).toContain("Is it &#60;still&#62; available &#38; ready?");
    expect(drive).toContain("<vendorname>Harbour City Toyota</vendorname>");
    const trade = leadAdf(deliverable(LEADS.trade_in as PostedLead), provider, "x@y");
    expect(trade).toContain('<vehicle interest="trade-in" status="used"><year>2020</year><make>Mazda</make><model>CX-5</model><odometer units="km">61000</odometer>');
    expect(trade).toContain("Registration: ABC123. State: NSW.");
  });
});

describe("JSON webhook and e-mail", () => {
  it("version 2 is the record; version 1 is the lead as posted", () => {
    const lead = deliverable(LEADS.finance_enquiry as PostedLead);
    expect(leadRecordSchema.parse(JSON.parse(leadJson(lead)))).toMatchObject({ version: 2, lead_id: 42, finance: { budget: 30000, preferred_dealership: "Harbour City Toyota" } });
    expect(JSON.parse(leadJson(lead, 1))).toMatchObject({ lead_id: 42, values: { email: "jo@example.com" }, vehiclePriceBudget: 30000 });
  });
  it("the dealer's e-mail says every field in words, with the car's photo and link", () => {
    const mail = leadEmail(deliverable(LEADS.test_drive as PostedLead));
    expect(mail.subject).toBe("New test drive booking lead #42 from Jo Anne Citizen: 2021 Toyota Corolla Ascent Sport");
    expect(mail.body).toMatch(/Booked: Test drive: Saturday,? 9 May 2026,? 10:00 am at Harbour City North/);
    expect(mail.body).toContain("Price: $27,990");
    expect(mail.body).toContain("Preferred contact method: Text message (SMS)");
    expect(mail.html).toContain('<img src="http://harbour-city-motors.localhost:8787/cdn/image/');
    expect(mail.html).toContain("Is it &#60;still&#62; available &#38; ready?");
    const trade = leadEmail(deliverable(LEADS.trade_in as PostedLead)).body;
    expect(trade).toContain("Make: Mazda\nModel: CX-5\nYear: 2020\nOdometer: 61,000 km\nRegistration: ABC123\nState: NSW");
    expect(trade).toContain("Online valuation: $20,000 to $22,000, offer $20,000");
    expect(trade).toContain("Has the vehicle been in an accident?: No");
  });
});

describe("a finance enquiry's drive-away estimate (ADR 0098)", () => {
  const car = { ...facts.car, price_type: "Excl. Government Charges" } as Car;
  const estimate = driveAwayEstimate({ car, price: 27_990, state: "NSW", rates: DEFAULT_DRIVE_AWAY_RATES, deliveryCharge: 0 });
  const financed = (driveAway: DriveAwayEstimate) => deliverable(LEADS.finance_enquiry as PostedLead, 42, driveAway);

  it("marks each typical amount, and gives the car page's sentence and the sources, in the record, e-mail and ADF", () => {
    expect(estimate.unconfirmed.length).toBeGreaterThan(0);
    const lead = financed(estimate);
    expect(leadRecordSchema.parse(lead.record).finance?.drive_away).toMatchObject({ unconfirmed: estimate.unconfirmed, unconfirmed_text: unconfirmedText("NSW", estimate.unconfirmed), sources: estimate.sources });
    const { body } = leadEmail(lead);
    const adf = leadAdf(lead, provider, "sales@example.com");
    expect(adfProblems(adf)).toEqual([]);
    for (const part of estimate.parts) {
      const marked = estimate.unconfirmed.includes(part.name) ? ` (${TYPICAL_AMOUNT})` : "";
      expect(body).toContain(`Drive-away estimate: ${part.name}: ${driveAwayMoney(part.amount)}${marked}\n`);
    }
    expect(body).toContain(`Drive-away estimate: not confirmed: ${unconfirmedText("NSW", estimate.unconfirmed)}`);
    for (const source of estimate.sources) expect(adf).toContain(`Drive-away estimate: source: ${source.name} (${source.url}).`);
  });

  it("an estimate kept before ADR 0090 had no list: nothing is marked and there is no sentence", () => {
    const { unconfirmed: _, ...older } = estimate;
    const lead = financed(older as DriveAwayEstimate);
    const { body } = leadEmail(lead);
    expect(lead.record.finance?.drive_away).toMatchObject({ unconfirmed: [], unconfirmed_text: null });
    expect(body).not.toContain(TYPICAL_AMOUNT);
    expect(body).not.toContain("Drive-away estimate: not confirmed");
  });
});
