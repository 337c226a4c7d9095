import { randomUUID } from "node:crypto";
import type { LeadRecord } from "@dealer/shared/contract";
import { describe, expect, it } from "vitest";
import { TEST_DRIVE_DISCLAIMER } from "../../mf-forms/src/leads/variants";
import { query } from "../support/db";
import { dealerLeads, enquiry, postLead } from "../support/leads";
import { fetchSite } from "../support/platform";
import { signedInStaff } from "../support/staff";

/**
 * Issue 33, goal 1 over HTTP on two sites: a test drive with the licence tick (and, where the car has them, a
 * preferred delivery location), a finance enquiry from the repayment calculator's link and a sell-my-car lead's
 * registration and state reach the dealer with every detail under its own name: the leads API's record, the e-mail,
 * the inbox page and the inbox's CSV export.
 */
const SITES = ["harbour-city-motors", "outback-trucks"] as const;

/** What the calculator's "Enquire for Finance" link carries; the same names arrive in the page's query. */
const CALCULATOR = { deposit: 5000, balloon: 4000, term_months: 60, interest_rate: 9.5, frequency: "monthly", repayment: 775.84 } as const;
const PRICE = 40_000;

type StockCar = { id: number; dealership_slug: string; location: { distribution_locations: { name: string }[] } };

/** An in-stock car, one with distribution locations where the site has any (Outback Trucks Welshpool). */
function carOf(site: string): StockCar {
  const [row] = query<{ data: string }>(
    `SELECT data FROM vehicles WHERE site = '${site}' AND status = 'in_stock' AND json_extract(data, '$.price') > 0
      ORDER BY json_array_length(json_extract(data, '$.location.distribution_locations')) DESC, id LIMIT 1`,
  );
  if (!row) throw new Error(`${site} has no car in stock`);
  return JSON.parse(row.data) as StockCar;
}

const decode = (html: string) => html.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");

/** The CSV's rows by column name; the lead's row found by its id. */
function csvRecord(csv: string, leadId: number): Record<string, string> {
  const cells = (line: string) => [...line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map((match) => (match[1] === undefined ? (match[2] ?? "") : match[1].replace(/""/g, '"')));
  const [header = "", ...rows] = csv.split("\r\n");
  const row = rows.find((line) => line.startsWith(`${leadId},`)) ?? "";
  const values = cells(row);
  return Object.fromEntries(cells(header).map((column, index) => [column, values[index] ?? ""]));
}

async function dealerMail(site: string, key: string, leadId: number): Promise<string> {
  let body = "";
  await expect
    .poll(
      async () => {
        const response = await fetchSite(site, "/api/leads/outbox", { headers: { authorization: `Bearer ${key}` } });
        const { mails } = (await response.json()) as { mails: { lead_id: number; body: string }[] };
        body = mails.find((mail) => mail.lead_id === leadId)?.body ?? "";
        return body !== "";
      },
      { timeout: 45_000, interval: 500 },
    )
    .toBe(true);
  return body;
}

describe.each(SITES)("%s: every detail of a test drive and a calculator finance enquiry reaches the dealer", (site) => {
  it("in the record, the e-mail, the inbox and its CSV, each under its own name", { timeout: 180_000 }, async () => {
    const car = carOf(site);
    const key = `write-${car.dealership_slug}`;
    const delivery = car.location.distribution_locations[0]?.name;
    const withCar = (lead: ReturnType<typeof enquiry>) => ({ ...lead, userData: { ...lead.userData, car_id: car.id } });

    const drive = withCar(enquiry({ kind: "test_drive", form: "test_drive", disclaimer: TEST_DRIVE_DISCLAIMER }, { category: "Test Drive", message: "", terms_conditions: true, ...(delivery ? { location: delivery } : {}) }));
    const financeLead = withCar(
      enquiry(
        { kind: "finance_enquiry", form: "finance_enquiry", vehiclePriceBudget: PRICE, finance: CALCULATOR },
        { category: "Finance Enquiry", message: "", terms_conditions: true, dealership_slug: car.dealership_slug },
      ),
    );
    // The page's query holds the link's figures and a campaign's tag: only the tag is a campaign.
    const query = { utm_source: "newsletter", vehiclePriceBudget: String(PRICE), ...Object.fromEntries(Object.entries(CALCULATOR).map(([name, value]) => [name, String(value)])) };
    const finance = { ...financeLead, userData: { ...financeLead.userData, lead_attributes: { visited_pages: ["/finance"], linked_query_params: query } } };

    const sell = enquiry(
      { kind: "sell_my_car", form: "sell_my_car", vehicle: { make: "Toyota", model: "Hilux", year: 2019, kms: 80_000 }, rego: "XYZ789", regoState: "WA" },
      { category: "Sell My Car", message: "", terms_conditions: true, dealership_slug: car.dealership_slug },
    );

    const ids: number[] = [];
    for (const body of [drive, finance, sell]) {
      const answer = await postLead(site, body, { "idempotency-key": randomUUID() });
      const text = await answer.text();
      expect(answer.status, text).toBe(201);
      ids.push((JSON.parse(text) as { lead_id: number }).lead_id);
    }
    const [driveId = 0, financeId = 0, sellId = 0] = ids;

    // The leads API: the record holds each detail in its own field.
    const leads = (await dealerLeads(site, key)) as unknown as { lead_id: number; record: LeadRecord }[];
    const driveRecord = leads.find((lead) => lead.lead_id === driveId)?.record;
    const financeRecord = leads.find((lead) => lead.lead_id === financeId)?.record;
    expect(driveRecord?.customer).toMatchObject({ holds_licence: true, delivery_location: delivery ?? null });
    expect(financeRecord?.finance).toMatchObject({
      budget: PRICE,
      deposit: CALCULATOR.deposit,
      term_months: CALCULATOR.term_months,
      calculator: { interest_rate: CALCULATOR.interest_rate, balloon: CALCULATOR.balloon, repayment: CALCULATOR.repayment, frequency: CALCULATOR.frequency },
    });
    expect(financeRecord?.source.linked_query_params).toEqual({ utm_source: "newsletter" });
    expect(leads.find((lead) => lead.lead_id === sellId)?.record.trade_in).toMatchObject({ rego: "XYZ789", rego_state: "WA" });

    // The dealer's e-mail and the inbox page say them under the form's labels.
    const figures = ["Vehicle price or budget: $40,000", "Deposit or trade-in: $5,000", "Loan term: 60 months", "Interest rate: 9.5% p.a.", "Residual / balloon: $4,000", "Repayment: $775.84 monthly"];
    const driveMail = await dealerMail(site, key, driveId);
    expect(driveMail).toContain(`Driver's licence: Yes: ${TEST_DRIVE_DISCLAIMER}`);
    if (delivery) expect(driveMail).toContain(`Preferred delivery location: ${delivery}`);
    expect(driveMail).not.toContain("Collect from");
    const financeMail = await dealerMail(site, key, financeId);
    for (const line of figures) expect(financeMail).toContain(line);
    expect(financeMail).toContain("Campaign: utm_source=newsletter\n");
    expect(await dealerMail(site, key, sellId)).toContain("Registration: XYZ789\nState: WA\n");

    const { cookie } = await signedInStaff(site, car.dealership_slug, "salesperson");
    const inbox = decode(await (await fetchSite(site, "/dealer/leads", { headers: { cookie } })).text());
    expect(inbox).toContain(`<dt>Driver's licence</dt><dd>Yes: ${TEST_DRIVE_DISCLAIMER}</dd>`);
    if (delivery) expect(inbox).toContain(`<dt>Preferred delivery location</dt><dd>${delivery}</dd>`);
    for (const line of figures) {
      const [label, value] = line.split(": ");
      expect(inbox).toContain(`<dt>${label}</dt><dd>${value}</dd>`);
    }
    expect(inbox).not.toMatch(/<dt>Campaign<\/dt><dd>[^<]*vehiclePriceBudget/);
    expect(inbox).toContain("<dt>Registration</dt><dd>XYZ789</dd></div><div><dt>State</dt><dd>WA</dd>");

    // The inbox's CSV export: one column per record field.
    const csv = await (await fetchSite(site, "/dealer/leads?format=csv", { headers: { cookie } })).text();
    expect(csvRecord(csv, driveId)).toMatchObject({ "customer.holds_licence": "true", "customer.delivery_location": delivery ?? "" });
    expect(csvRecord(csv, financeId)).toMatchObject({
      "finance.budget": String(PRICE),
      "finance.deposit": "5000",
      "finance.term_months": "60",
      "finance.calculator.interest_rate": "9.5",
      "finance.calculator.balloon": "4000",
      "finance.calculator.repayment": "775.84",
      "finance.calculator.frequency": "monthly",
      "source.linked_query_params": "utm_source=newsletter",
    });
    expect(csvRecord(csv, sellId)).toMatchObject({ "trade_in.rego": "XYZ789", "trade_in.rego_state": "WA" });
  });
});
