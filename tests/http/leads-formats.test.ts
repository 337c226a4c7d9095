import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { LeadRecord } from "@dealer/shared/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { query } from "../support/db";
import { adfProblems } from "../support/adf";
import { dealerLeads, enquiry, postLead } from "../support/leads";
import { fetchSite } from "../support/platform";
import { comparableCar, tradeIn } from "../support/trade-in";
import { DEFAULT_DRIVE_AWAY_RATES } from "@dealer/shared/config";
import { ctpPartName, estimateAsAtText, formatMoney, PART_NAMES, TYPICAL_AMOUNT, unconfirmedText } from "@dealer/shared/rules";
import type { UnconfirmedFigure } from "@dealer/shared/config";
import { carWhere, deliveryChargeOf, nswPassengerDuty } from "../support/buyer-tools";
import { signedInStaff } from "../support/staff";
import { parseCsv } from "../support/insights";

/**
 * Each lead kind as a dealer's CRM receives it (issue 21): the ADF/XML valid against the ADF 1.0 DTD, the JSON
 * valid against its published schema, and both carrying, field by field, what was posted and the car's record.
 */
const SITE = "harbour-city-motors";
const KEY = "write-harbour-city-motors";
const SECRET = `whsec-${randomUUID()}`;

type StockCar = { id: number; stocknum: string; vin: string | null; year: number; make: string; model: string; badge: string | null; price: number | null; car_type: string; km: number | null; location: { id: number } };
const [carRow] = query<{ data: string }>(
  `SELECT data FROM vehicles WHERE site = '${SITE}' AND status = 'in_stock' AND json_extract(data, '$.vin') IS NOT NULL AND json_extract(data, '$.price') > 0 ORDER BY id LIMIT 1`,
);
const car = JSON.parse(carRow?.data ?? "{}") as StockCar;
const locations = query<{ id: number; data: string }>(`SELECT id, data FROM locations WHERE site = '${SITE}' ORDER BY id`).map((row) => ({ id: row.id, ...(JSON.parse(row.data) as { name: string }) }));

/** What the repayment calculator's link carries (RepaymentCalculator): the figures the shopper saw. */
const CALCULATOR = { deposit: 5000, balloon: 4000, term_months: 60, interest_rate: 9.5, frequency: "monthly", repayment: 512.34 } as const;

const received = new Map<string, { json?: Record<string, unknown>; adf?: string; version?: string }>();
let server: Server;
const destinations: number[] = [];

function dealerApi(path: string, method = "GET", body?: unknown) {
  return fetchSite(SITE, path, { method, headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" }, ...(body ? { body: JSON.stringify(body) } : {}) });
}

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    request.on("end", () => {
      const id = String(request.headers["x-lead-id"]);
      const entry = received.get(id) ?? {};
      if (request.url === "/adf") entry.adf = body;
      else {
        entry.json = JSON.parse(body) as Record<string, unknown>;
        entry.version = String(request.headers["x-lead-schema-version"]);
      }
      received.set(id, entry);
      response.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  for (const format of ["json", "adf"]) {
    // No version given: a new receiver gets the complete record (version 2).
    const added = await dealerApi("/api/leads/destinations", "POST", { kind: "webhook", url: `http://127.0.0.1:${port}/${format}`, format, secret: SECRET });
    expect(added.status).toBe(201);
    destinations.push(((await added.json()) as { id: number }).id);
  }
});

afterAll(async () => {
  for (const id of destinations) await dealerApi(`/api/leads/destinations/${id}`, "DELETE");
  await new Promise((resolve) => server.close(resolve));
});

async function schemaValidator() {
  const response = await fetchSite(SITE, "/api/leads/schema/v2.json");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("application/schema+json");
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats.default(ajv);
  return ajv.compile(await response.json());
}

/** Posts a lead and waits until both webhooks have it. */
async function sendAndReceive(body: Record<string, unknown>) {
  const answer = await postLead(SITE, body, { "idempotency-key": randomUUID() });
  const text = await answer.text();
  expect(answer.status, text).toBe(201);
  const { lead_id } = JSON.parse(text) as { lead_id: number };
  await expect.poll(() => received.get(String(lead_id))?.adf !== undefined && received.get(String(lead_id))?.json !== undefined, { timeout: 45_000, interval: 500 }).toBe(true);
  const got = received.get(String(lead_id));
  return { leadId: lead_id, json: got?.json as unknown as LeadRecord, adf: got?.adf ?? "", version: got?.version };
}

const withCar = (over: Record<string, unknown>, values: Record<string, unknown>) => {
  const lead = enquiry(over, values);
  return { ...lead, userData: { ...lead.userData, car_id: car.id } };
};

describe("what a dealer's CRM receives for each lead kind", () => {
  it("every kind: ADF valid against the DTD, JSON valid against /api/leads/schema/v2.json, the fields as posted and as stocked", { timeout: 180_000 }, async () => {
    const validate = await schemaValidator();
    const slots = (await (await fetchSite(SITE, `/api/leads/slots?location=${car.location.id}`)).json()) as { slots: { start: string }[] };
    const booking = slots.slots.at(-1)?.start;
    expect(booking).toBeDefined();
    const traded = await comparableCar(SITE);
    const tradeVehicle = { make: traded.make, model: traded.model, year: traded.year, kms: 45_000 };
    const contactLocation = locations[0];
    const serviceLocation = locations.find((location) => (location as { contact_detail?: { opening_hours?: { location_type: string; status: string }[] } }).contact_detail?.opening_hours?.some((hours) => hours.location_type === "service" && hours.status === "Open"));
    const serviceSlots = (await (await fetchSite(SITE, `/api/leads/slots?location=${serviceLocation?.id}&department=service`)).json()) as { slots: { start: string }[] };
    const serviceBooking = serviceSlots.slots.at(-1)?.start;
    expect(serviceBooking).toBeDefined();
    const kinds: Record<string, Record<string, unknown>> = {
      enquiry: withCar({}, { category: "Vehicle Enquiry", message: "Is the <Corolla> still available & ready?" }),
      test_drive: withCar({ kind: "test_drive", form: "test_drive", booking }, { category: "Test Drive", message: "" }),
      trade_in: tradeIn(tradeVehicle, { accident: "No", serviceHistory: "Yes" }),
      finance_enquiry: withCar({ kind: "finance_enquiry", form: "finance_enquiry", vehiclePriceBudget: 32_000, finance: CALCULATOR }, { category: "Finance Enquiry", message: "" }),
      service: enquiry({ form: "service", booking: serviceBooking }, { category: "Service Booking", location: String(serviceLocation?.id), message: "Logbook service", additional_services: ["Tyres"] }),
      contact: enquiry({ form: "contact" }, { category: "General Enquiry", location: String(contactLocation?.id) }),
    };

    for (const [name, body] of Object.entries(kinds)) {
      const posted = body.values as Record<string, string>;
      const { leadId, json, adf, version } = await sendAndReceive(body);
      const where = `${name} lead ${leadId}`;
      expect(adfProblems(adf), where).toEqual([]);
      expect(validate(json), `${where}: ${JSON.stringify(validate.errors)}`).toBe(true);
      expect(version).toBe("2");

      // The customer as posted, the name in parts.
      expect(json, where).toMatchObject({ version: 2, lead_id: leadId, site: { slug: SITE }, dealership: { slug: "harbour-city-motors" } });
      expect(json.customer, where).toMatchObject({ first_name: "Jo", last_name: "Citizen", full_name: "Jo Citizen", email: posted.email, phone: posted.phone, phone_type: "mobile", postcode: posted.postcode });
      expect(json.source.visited_pages).toEqual(["/contact"]);
      expect(adf).toContain(`<name part="first">Jo</name><name part="last">Citizen</name><email preferredcontact="0">${posted.email}</email><phone type="cellphone">${posted.phone}</phone>`);
      expect(adf).toContain(`<postalcode>${posted.postcode}</postalcode>`);
      expect(adf).toContain("<vendorname>Harbour City Motors</vendorname>");
      expect(adf).toMatch(/<requestdate>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+10:00<\/requestdate>/);

      if (name === "enquiry" || name === "test_drive" || name === "finance_enquiry") {
        // The car from the stock, never from the browser.
        expect(json.vehicle, where).toMatchObject({ id: car.id, stock_number: car.stocknum, vin: car.vin, year: car.year, make: car.make, model: car.model, badge: car.badge ?? null, condition: car.car_type, price: car.price });
        expect(adf).toContain(`<year>${car.year}</year><make>${car.make}</make><model>${car.model}</model><vin>${car.vin}</vin><stock>${car.stocknum}</stock>`);
        expect(adf).toContain(`<price type="asking" currency="AUD">${car.price}</price>`);
        expect(adf).toContain(`status="${car.car_type === "new" ? "new" : "used"}"`);
        expect(json.location?.id).toBe(car.location.id);
      }
      if (name === "enquiry") {
        expect(json.message).toBe(posted.message);
        expect(adf).toContain("Is the &#60;Corolla&#62; still available &#38; ready?");
        expect(adf).toContain('<vehicle interest="buy"');
      }
      if (name === "test_drive") {
        expect(Date.parse(json.appointment?.start ?? "")).toBe(Date.parse(String(booking)));
        expect(json.appointment?.start).toMatch(/\+10:00$/);
        expect(adf).toContain('<vehicle interest="test-drive"');
        expect(adf).toContain(`<earliestdate>${json.appointment?.start}</earliestdate>`);
      }
      if (name === "trade_in") {
        expect(json.trade_in).toMatchObject({ make: traded.make, model: traded.model, year: traded.year, odometer_km: 45_000, rego: "ABC123", rego_state: "QLD", offer_accepted: false });
        expect(json.trade_in?.condition).toEqual([
          { question: "Has the vehicle been in an accident?", answer: "No" },
          { question: "Does it have a full service history?", answer: "Yes" },
        ]);
        const valuation = json.trade_in?.valuation;
        expect(valuation).toMatchObject({ estimate: true });
        expect(adf).toContain(`<vehicle interest="trade-in" status="used"><year>${traded.year}</year><make>${traded.make}</make><model>${traded.model}</model><odometer units="km">45000</odometer>`);
        expect(adf).toContain(`<price type="appraisal" currency="AUD">${valuation?.estimate ? valuation.offer : ""}</price>`);
      }
      if (name === "finance_enquiry") {
        // The calculator's figures, field by field.
        expect(json.finance).toMatchObject({
          budget: 32_000,
          deposit: CALCULATOR.deposit,
          term_months: CALCULATOR.term_months,
          calculator: { interest_rate: CALCULATOR.interest_rate, repayment: CALCULATOR.repayment, frequency: CALCULATOR.frequency, balloon: CALCULATOR.balloon },
        });
        expect(adf).toContain(
          '<finance><method>finance</method><amount type="total" limit="maximum" currency="AUD">32000</amount><amount type="downpayment" limit="exact" currency="AUD">5000</amount><amount type="monthly" limit="exact" currency="AUD">512.34</amount><balance type="residual" currency="AUD">4000</balance></finance>',
        );
        // Each figure under the label the shopper read, the ones ADF has no element for included.
        for (const line of ["Loan term: 60 months.", "Interest rate: 9.5% p.a.", "Residual / balloon: $4,000.", "Repayment: $512.34 monthly."]) expect(adf).toContain(line);
      }
      if (name === "service") {
        expect(json.appointment).toMatchObject({ type: "service", location: { id: serviceLocation?.id, name: serviceLocation?.name } });
        expect(Date.parse(json.appointment?.start ?? "")).toBe(Date.parse(String(serviceBooking)));
        expect(json.department).toBe("service");
        expect(json.services).toEqual(["Tyres"]);
        expect(adf).toContain(`<timeframe><description>Service: `);
        expect(adf).toContain(`<earliestdate>${json.appointment?.start}</earliestdate><latestdate>${json.appointment?.end}</latestdate>`);
      }
      if (name === "contact") {
        expect(json.vehicle).toBeNull();
        expect(json.location).toMatchObject({ id: contactLocation?.id, name: contactLocation?.name });
        expect(adf).toContain(`Location: ${contactLocation?.name} (id ${contactLocation?.id}).`);
      }
    }
  });
});

describe("a finance enquiry's calculator figures", () => {
  it("a bad figure is a 400 naming the field, as JSON and as a plain form post; nothing is stored", async () => {
    const bad: [string, unknown][] = [
      ["deposit", -5],
      ["term_months", 6.5],
      ["frequency", "yearly"],
      ["interest_rate", "abc"],
    ];
    for (const [field, value] of bad) {
      const body = enquiry({ kind: "finance_enquiry", form: "finance_enquiry", finance: { ...CALCULATOR, [field]: value } }, { category: "Finance Enquiry" });
      const answer = await postLead(SITE, body, { "idempotency-key": randomUUID() });
      expect(answer.status, field).toBe(400);
      expect(Object.keys(((await answer.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors)).toEqual([`finance.${field}`]);
      expect((await dealerLeads(SITE, KEY)).some((lead) => lead.values.email === body.values.email)).toBe(false);
    }
    const form = new URLSearchParams({
      kind: "finance_enquiry",
      form: "finance_enquiry",
      "values.category": "Finance Enquiry",
      "values.name": "Jo Citizen",
      "values.email": `jo-${randomUUID()}@example.com`,
      "values.phone": "0412 345 678",
      "values.postcode": "4000",
      "finance.repayment": "lots",
    });
    const posted = await postLead(SITE, form.toString(), { "content-type": "application/x-www-form-urlencoded", referer: `http://${SITE}.localhost/finance-enquiry` });
    expect(posted.status).toBe(400);
    expect(await posted.text()).toContain("<strong>finance.repayment</strong>");
  });
});

describe("a finance enquiry that financed the drive-away price (issue 34)", () => {
  const egc = carWhere(SITE, "json_extract(data, '$.price_type') = 'Excl. Government Charges' AND json_extract(data, '$.car_type') = 'used' AND json_extract(data, '$.offer_price') IS NULL AND json_extract(data, '$.price') > 20000");
  const financed = (state: unknown, carId: number | null = egc.id) => {
    const lead = enquiry({ kind: "finance_enquiry", form: "finance_enquiry", finance: { ...CALCULATOR, drive_away_state: state } }, { category: "Finance Enquiry", message: "" });
    return carId === null ? lead : { ...lead, userData: { ...lead.userData, car_id: carId } };
  };
  const dollars = (amount: number) => (Number.isInteger(amount) ? formatMoney(amount) : `$${amount.toLocaleString("en-AU", { minimumFractionDigits: 2 })}`);

  it("carries the estimate and its parts, each typical amount marked in the car page's words: JSON, ADF (DTD-valid), e-mail, inbox page and CSV", { timeout: 120_000 }, async () => {
    const validate = await schemaValidator();
    const price = egc.price as number;
    const delivery = deliveryChargeOf(SITE);
    const nsw = DEFAULT_DRIVE_AWAY_RATES.NSW;
    // Each government charge with the figure of NSW's rates it comes from, so the test names the typical amounts itself.
    const charges: [{ name: string; amount: number }, UnconfirmedFigure][] = [
      [{ name: "Stamp duty (Passenger vehicle)", amount: nswPassengerDuty(price + delivery) }, "duty"],
      [{ name: PART_NAMES.registration, amount: nsw.registration.car }, "registration.car"],
      [{ name: ctpPartName(nsw.ctp?.car ?? { from: 0, to: 0 }), amount: nsw.ctp?.car.to ?? 0 }, "ctp"],
      [{ name: PART_NAMES.transfer, amount: nsw.transferFee }, "transferFee"],
    ];
    const parts = [{ name: "Price (Excl. Government Charges)", amount: price }, ...(delivery > 0 ? [{ name: PART_NAMES.delivery, amount: delivery }] : []), ...charges.map(([part]) => part)];
    const unconfirmed = charges.filter(([, figure]) => nsw.unconfirmed?.includes(figure)).map(([part]) => part.name);
    expect(unconfirmed.length, "NSW names some fees unconfirmed (ADR 0090), or this test proves nothing").toBeGreaterThan(0);
    const typical = new Set(unconfirmed);
    const partText = (part: { name: string; amount: number }) => `Drive-away estimate: ${part.name}: ${dollars(part.amount)}${typical.has(part.name) ? ` (${TYPICAL_AMOUNT})` : ""}`;
    const note = unconfirmedText("NSW", unconfirmed);
    const total = parts.reduce((sum, part) => sum + part.amount, 0);
    const body = { ...financed("NSW"), vehiclePriceBudget: Math.round(total) };
    const { leadId, json, adf } = await sendAndReceive(body);
    expect(adfProblems(adf)).toEqual([]);
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
    expect(json.finance?.drive_away).toEqual({ state: "NSW", total, parts, as_at: nsw.asAt, unconfirmed, unconfirmed_text: note, sources: nsw.sources });
    expect(json.finance?.budget).toBe(Math.round(total));

    const headline = `Drive-away estimate: ${dollars(total)} in NSW (${estimateAsAtText(nsw.asAt)})`;
    expect(adf).toContain(`<amount type="total" limit="maximum" currency="AUD">${Math.round(total)}</amount>`);
    const adfText = adf.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
    expect(adfText).toContain(`${headline}.`);
    for (const part of parts) expect(adfText).toContain(`${partText(part)}.`);
    expect(adfText).toContain(`Drive-away estimate: not confirmed: ${note}`);
    for (const source of nsw.sources) expect(adfText).toContain(`Drive-away estimate: source: ${source.name} (${source.url}).`);

    let mail = "";
    await expect
      .poll(
        async () => {
          const response = await dealerApi("/api/leads/outbox");
          mail = ((await response.json()) as { mails: { lead_id: number; body: string }[] }).mails.find((each) => each.lead_id === leadId)?.body ?? "";
          return mail !== "";
        },
        { timeout: 45_000, interval: 500 },
      )
      .toBe(true);
    expect(mail).toContain(headline);
    for (const part of parts) expect(mail).toContain(`${partText(part)}\n`);
    expect(mail).toContain(`Drive-away estimate: not confirmed: ${note}`);
    for (const source of nsw.sources) expect(mail).toContain(`Drive-away estimate: source: ${source.name} (${source.url})`);

    const { cookie } = await signedInStaff(SITE, egc.dealership_slug as string, "salesperson");
    const inbox = (await (await fetchSite(SITE, "/dealer/leads", { headers: { cookie } })).text()).replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, "&");
    expect(inbox).toContain(`<dt>Drive-away estimate</dt><dd>${dollars(total)} in NSW (${estimateAsAtText(nsw.asAt)})</dd>`);
    for (const part of parts) {
      const [label, value] = partText(part).split(/: (?=\$)/);
      expect(inbox).toContain(`<dt>${label}</dt><dd>${value}</dd>`);
    }
    expect(inbox).toContain(`<dt>Drive-away estimate: not confirmed</dt><dd>${note}</dd>`);
    expect(inbox).toContain(`<dt>Drive-away estimate: source</dt><dd><a href="${nsw.sources[0]?.url}">${nsw.sources[0]?.name}</a></dd>`);

    // The inbox's CSV: the names and the sentence in their own columns.
    const [header = [], ...rows] = parseCsv(await (await fetchSite(SITE, "/dealer/leads?format=csv", { headers: { cookie } })).text());
    const row = rows.find((cells) => cells[0] === String(leadId)) ?? [];
    const cell = (column: string) => row[header.indexOf(column)];
    expect(cell("finance.drive_away.unconfirmed")).toBe(unconfirmed.join("; "));
    expect(cell("finance.drive_away.unconfirmed_text")).toBe(note);
  });

  it("a state that does not exist, or a state without a priced car of the site, is a 400 naming the field; nothing is stored", async () => {
    for (const body of [financed("XX"), financed("nsw"), financed("NSW", null)]) {
      const answer = await postLead(SITE, body, { "idempotency-key": randomUUID() });
      const text = await answer.text();
      expect(answer.status, text).toBe(400);
      expect(Object.keys((JSON.parse(text) as { fieldErrors: Record<string, string[]> }).fieldErrors)).toEqual(["finance.drive_away_state"]);
      expect((await dealerLeads(SITE, KEY)).some((lead) => lead.values.email === (body.values as { email: string }).email)).toBe(false);
    }
  });
});

describe("a lead naming what is not the site's own", () => {
  it("is refused with 400 naming the field, and nothing is stored", async () => {
    const [summitLocation] = query<{ id: number }>("SELECT id FROM locations WHERE site = 'summit-auto-group' LIMIT 1");
    const [summitCar] = query<{ id: number }>("SELECT id FROM vehicles WHERE site = 'summit-auto-group' LIMIT 1");
    const cases: [Record<string, unknown>, string][] = [
      [enquiry({ form: "contact" }, { category: "General Enquiry", location: String(summitLocation?.id) }), "values.location"],
      [enquiry({ kind: "finance_enquiry", form: "finance_enquiry", preferredDealership: "summit-ford-osborne-park" }, { category: "Finance Enquiry" }), "preferredDealership"],
      [withCar({}, {}), ""],
    ];
    const bad = cases[2]?.[0] as { userData: Record<string, unknown> };
    bad.userData.car_id = summitCar?.id;
    cases[2] = [bad, "userData.car_id"];
    for (const [body, field] of cases) {
      const email = (body.values as { email: string }).email;
      const answer = await postLead(SITE, body, { "idempotency-key": randomUUID() });
      expect(answer.status).toBe(400);
      const { fieldErrors } = (await answer.json()) as { fieldErrors: Record<string, string[]> };
      expect(Object.keys(fieldErrors)).toEqual([field]);
      expect((await dealerLeads(SITE, KEY)).some((lead) => lead.values.email === email)).toBe(false);
    }
  });
});
