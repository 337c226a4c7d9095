import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { query } from "../support/db";
import { dealerLeads, enquiry, postLead } from "../support/leads";
import { fetchSite, GATEWAY_PORT } from "../support/platform";
import { demoStaffAdminEmail, staffSignIn } from "../support/staff";

/**
 * Issue 21: the shopper's receipt (e-mail with an .ics for a booking, SMS when chosen), the signed link that
 * cancels a booking and frees its time, the dealer's inbox as a working tool, and routing by location and department.
 */
const SITE = "harbour-city-motors";
const KEY = "write-harbour-city-motors";
const origin = (site: string) => ({ origin: `http://${site}.localhost:${GATEWAY_PORT}` });

const [carRow] = query<{ id: number; location: number; title: string }>(
  `SELECT id, json_extract(data, '$.location.id') AS location, json_extract(data, '$.name') AS title FROM vehicles WHERE site = '${SITE}' AND status = 'in_stock' AND json_extract(data, '$.location.id') IS NOT NULL ORDER BY id DESC LIMIT 1`,
);
const car = carRow ?? { id: 0, location: 0, title: "" };

type Mail = { recipient: string; subject: string; body: string; html: string | null; attachments: string | null };
async function mailsTo(email: string): Promise<Mail[]> {
  const response = await fetchSite(SITE, `/api/auth/email-outbox?email=${encodeURIComponent(email)}`);
  return ((await response.json()) as { messages: Mail[] }).messages;
}

async function freeSlots(): Promise<string[]> {
  const response = await fetchSite(SITE, `/api/leads/slots?location=${car.location}`);
  return ((await response.json()) as { slots: { start: string }[] }).slots.map((slot) => slot.start);
}

function testDrive(booking: string, values: Record<string, unknown> = {}) {
  const lead = enquiry({ kind: "test_drive", form: "test_drive", booking }, { category: "Test Drive", message: "", ...values });
  return { ...lead, userData: { ...lead.userData, car_id: car.id } };
}

/** One CSV line's cells ("quoted, with commas" and "" inside quotes). */
function csvCells(line: string): string[] {
  return [...line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map((match) => (match[1] === undefined ? (match[2] ?? "") : match[1].replace(/""/g, '"')));
}

/** The VEVENT's fields of an .ics, its folded lines joined. */
function icsFields(ics: string): Record<string, string> {
  const lines = ics.replace(/\r\n[ \t]/g, "").split("\r\n");
  return Object.fromEntries(lines.filter((line) => line.includes(":")).map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1)]));
}

describe("the shopper's receipt and the booking link", () => {
  it("a test drive: the receipt names the car, the dealership's phone and the time, with an .ics at that time; SMS when chosen; the link cancels and frees the time", { timeout: 90_000 }, async () => {
    const [booking] = (await freeSlots()).slice(-3);
    expect(booking).toBeDefined();
    const body = testDrive(String(booking), { PreferredContactMethod: "SMS" });
    const email = body.values.email;
    const answer = await postLead(SITE, body, { "idempotency-key": randomUUID() });
    expect(answer.status).toBe(201);
    const { lead_id, next } = (await answer.json()) as { lead_id: number; next: string[] };
    expect(next[0]).toBe(`Your test drive booking has been sent to Harbour City Motors. We have e-mailed a copy to ${email} and texted 0412 345 678.`);
    expect(next[1]).toMatch(/^Test drive: .+ at .+\. The e-mail has a calendar invitation and a link to change or cancel it\.$/);

    await expect.poll(async () => (await mailsTo(email)).length, { timeout: 45_000, interval: 500 }).toBe(1);
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe("Your test drive booking with Harbour City Motors");
    expect(mail?.body).toContain(`Vehicle: ${car.title}`);
    expect(mail?.body).toMatch(/Phone: [\d ()]+/);
    expect(mail?.body).toMatch(/WHAT HAPPENS NEXT\nNext: Harbour City Motors will confirm your test drive by text message before the day\./);
    expect(mail?.html).toContain(`<a href="http://${SITE}.localhost:${GATEWAY_PORT}/cars/`);
    const [invite] = JSON.parse(mail?.attachments ?? "[]") as { filename: string; contentType: string; content: string }[];
    expect(invite?.filename).toBe("test-drive.ics");
    expect(invite?.contentType).toContain("text/calendar");
    const event = icsFields(invite?.content ?? "");
    // The invitation's time is the booked time.
    const dtstart = event.DTSTART ?? "";
    expect(new Date(dtstart.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, "$1-$2-$3T$4:$5:$6Z")).getTime()).toBe(Date.parse(String(booking)));
    expect(event.UID).toBe(`lead-${lead_id}@${SITE}`);
    expect(event.SUMMARY).toContain(car.title.replace(/,/g, "\\,"));

    const sms = (await (await fetchSite(SITE, "/api/auth/sms-outbox?phone=0412345678")).json()) as { messages: { body: string }[] };
    expect(sms.messages.some((message) => message.body.startsWith("Harbour City Motors: thanks Jo, we have your test drive booking") && message.body.includes(`/api/leads/${lead_id}/booking?token=`))).toBe(true);

    // The link: a wrong token is nobody's booking.
    const link = /Change or cancel: (\S+)/.exec(mail?.body ?? "")?.[1] ?? "";
    const path = new URL(link).pathname + new URL(link).search;
    expect((await fetchSite(SITE, path.replace(/token=\w+/, "token=0"))).status).toBe(404);
    const manage = await fetchSite(SITE, path);
    expect(manage.status).toBe(200);
    expect(await manage.text()).toContain("Cancel this booking");
    expect(await freeSlots()).not.toContain(booking);

    const token = new URL(link).searchParams.get("token") ?? "";
    const cancel = await fetchSite(SITE, new URL(link).pathname, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...origin(SITE) },
      body: new URLSearchParams({ token, action: "cancel" }).toString(),
    });
    expect(cancel.status).toBe(200);
    expect(await cancel.text()).toContain("Your booking is cancelled");
    // The time is free again: offered, and another shopper books it.
    expect(await freeSlots()).toContain(booking);
    expect((await postLead(SITE, testDrive(String(booking)), { "idempotency-key": randomUUID() })).status).toBe(201);
    const mine = (await dealerLeads(SITE, KEY)).find((lead) => lead.lead_id === lead_id) as unknown as { booking: string | null; booking_cancelled_at: string | null; notes: { author: string; body: string }[] };
    expect(mine.booking).toBeNull();
    expect(mine.booking_cancelled_at).toEqual(expect.any(String));
    expect(mine.notes).toEqual([expect.objectContaining({ author: "Shopper", body: expect.stringMatching(/^The shopper cancelled the booking/) })]);
  });
});

describe("a service booking", () => {
  const [serviceLocation] = query<{ id: number; name: string }>(
    `SELECT id, json_extract(data, '$.name') AS name FROM locations WHERE site = '${SITE}' AND EXISTS (SELECT 1 FROM json_each(data, '$.contact_detail.opening_hours') WHERE json_extract(value, '$.location_type') = 'service' AND json_extract(value, '$.status') = 'Open') ORDER BY id LIMIT 1`,
  );
  const serviceSlots = async () => {
    const response = await fetchSite(SITE, `/api/leads/slots?location=${serviceLocation?.id}&department=service`);
    return ((await response.json()) as { slots: { start: string }[] }).slots.map((slot) => slot.start);
  };

  it("takes a time from the service department's hours; the receipt's .ics is at that time; its link cancels and frees the time", { timeout: 90_000 }, async () => {
    expect(serviceLocation).toBeDefined();
    expect((await fetchSite(SITE, `/api/leads/slots?location=${serviceLocation?.id}&department=sales-and-more`)).status).toBe(400);
    const [booking] = (await serviceSlots()).slice(-2);
    expect(booking).toBeDefined();
    const body = enquiry({ form: "service", booking }, { category: "Service Booking", location: String(serviceLocation?.id), message: "Logbook service", additional_services: ["Tyres"] });
    const email = body.values.email;
    const answer = await postLead(SITE, body, { "idempotency-key": randomUUID() });
    expect(answer.status, await answer.clone().text()).toBe(201);
    const { lead_id, next } = (await answer.json()) as { lead_id: number; next: string[] };
    expect(next[1]).toMatch(new RegExp(`^Service: .+ at ${serviceLocation?.name}\\. The e-mail has a calendar invitation and a link to change or cancel it\\.$`));
    expect(await serviceSlots()).not.toContain(booking);

    await expect.poll(async () => (await mailsTo(email)).length, { timeout: 45_000, interval: 500 }).toBe(1);
    const [mail] = await mailsTo(email);
    const [invite] = JSON.parse(mail?.attachments ?? "[]") as { filename: string; content: string }[];
    expect(invite?.filename).toBe("service-booking.ics");
    const dtstart = icsFields(invite?.content ?? "").DTSTART ?? "";
    expect(new Date(dtstart.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, "$1-$2-$3T$4:$5:$6Z")).getTime()).toBe(Date.parse(String(booking)));

    const mine = (await dealerLeads(SITE, KEY)).find((lead) => lead.lead_id === lead_id) as unknown as { record: { appointment: { type: string; start: string; location: { id: number } } } };
    expect(mine.record.appointment).toMatchObject({ type: "service", location: { id: serviceLocation?.id } });
    expect(Date.parse(mine.record.appointment.start)).toBe(Date.parse(String(booking)));

    const link = new URL(/Change or cancel: (\S+)/.exec(mail?.body ?? "")?.[1] ?? "");
    const manage = await (await fetchSite(SITE, link.pathname + link.search)).text();
    expect(manage).toContain("Cancel this booking");
    const cancel = await fetchSite(SITE, link.pathname, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...origin(SITE) },
      body: new URLSearchParams({ token: link.searchParams.get("token") ?? "", action: "cancel" }).toString(),
    });
    expect(await cancel.text()).toContain("Your booking is cancelled");
    expect(await serviceSlots()).toContain(booking);
  });
});

describe("a service booking posted without script", () => {
  it("a plain form post with a service time lands on /success and the time is booked", { timeout: 30_000 }, async () => {
    const [location] = query<{ id: number }>(
      `SELECT id FROM locations WHERE site = '${SITE}' AND EXISTS (SELECT 1 FROM json_each(data, '$.contact_detail.opening_hours') WHERE json_extract(value, '$.location_type') = 'service' AND json_extract(value, '$.status') = 'Open') ORDER BY id LIMIT 1`,
    );
    const slotsOf = async () => ((await (await fetchSite(SITE, `/api/leads/slots?location=${location?.id}&department=service`)).json()) as { slots: { start: string }[] }).slots.map((slot) => slot.start);
    const booking = (await slotsOf()).at(-3) ?? "";
    const form = new URLSearchParams({
      kind: "enquiry",
      form: "service",
      idempotency_key: randomUUID(),
      "values.category": "Service Booking",
      "values.name": "Jo Citizen",
      "values.email": `noscript-${randomUUID()}@example.com`,
      "values.phone": "0412 345 678",
      "values.postcode": "4000",
      "values.location": String(location?.id),
      "values.message": "Brakes squeal",
      booking,
    });
    const answer = await postLead(SITE, form.toString(), { "content-type": "application/x-www-form-urlencoded", referer: `http://${SITE}.localhost/service` });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/success");
    expect(await slotsOf()).not.toContain(booking);
  });
});

describe("the dealer's inbox", () => {
  const signIn = () => staffSignIn(SITE, demoStaffAdminEmail(SITE));

  it("shows every field in words; status, assignment and notes; the shopper's earlier leads; filters; CSV of every field", { timeout: 60_000 }, async () => {
    const email = `inbox-${randomUUID()}@example.com`;
    const first = enquiry({ form: "contact" }, { email, category: "General Enquiry", location: String(car.location), message: "First question" });
    const firstId = ((await (await postLead(SITE, first, { "idempotency-key": randomUUID() })).json()) as { lead_id: number }).lead_id;
    const second = enquiry({}, { email, category: "Vehicle Enquiry", message: "Is it still available?" });
    const secondLead = { ...second, userData: { ...second.userData, car_id: car.id } };
    const secondId = ((await (await postLead(SITE, secondLead, { "idempotency-key": randomUUID() })).json()) as { lead_id: number }).lead_id;
    const cookie = await signIn();
    const inbox = (search = "") => fetchSite(SITE, `/dealer/leads${search}`, { headers: { cookie } }).then((response) => response.text());

    const page = await inbox();
    const card = page.slice(page.indexOf(`id="lead-${secondId}"`), page.indexOf("</article>", page.indexOf(`id="lead-${secondId}"`)));
    expect(card).toContain(`#${secondId} Enquiry: Jo Citizen`);
    expect(card).toContain("(New)");
    expect(card).toContain(`>${car.title}</a>`);
    expect(card).toContain("<dt>Comments</dt><dd>Is it still available?</dd>");
    expect(card).toMatch(/<dt>Location<\/dt><dd>[^<]+, [\d ()]+<\/dd>/);
    expect(card).toContain("Earlier leads from this shopper");
    expect(card).toContain(`href="#lead-${firstId}"`);

    const update = await fetchSite(SITE, "/dealer/leads", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie, ...origin(SITE) },
      body: new URLSearchParams({ lead_id: String(secondId), status: "contacted", assigned_to: "Sam Sales", note: "Called back, coming Saturday" }).toString(),
    });
    expect(update.status).toBe(303);
    const contacted = await inbox("?lead_status=contacted");
    expect(contacted).toContain(`id="lead-${secondId}"`);
    expect(contacted).not.toContain(`id="lead-${firstId}"`);
    expect(contacted).toContain("(Contacted)");
    expect(contacted).toContain("assigned to Sam Sales");
    expect(contacted).toContain("Harbour City Motors admin: Called back, coming Saturday");
    const otherLocation = query<{ id: number }>(`SELECT id FROM locations WHERE site = '${SITE}' AND id != ${car.location} LIMIT 1`)[0]?.id;
    expect(await inbox(`?location=${otherLocation}`)).not.toContain(`id="lead-${firstId}"`);
    expect(await inbox(`?location=${car.location}`)).toContain(`id="lead-${firstId}"`);

    const csv = await fetchSite(SITE, "/dealer/leads?format=csv", { headers: { cookie } });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const [header, ...rows] = (await csv.text()).split("\r\n");
    const columns = header?.split(",") ?? [];
    for (const column of ["status", "assigned_to", "customer.email", "customer.first_name", "vehicle.vin", "vehicle.stock_number", "trade_in.valuation.offer", "appointment.start", "finance.budget", "source.visited_pages"]) expect(columns).toContain(column);
    const row = csvCells(rows.find((line) => line.startsWith(`${secondId},`)) ?? "");
    expect(row[columns.indexOf("status")]).toBe("contacted");
    expect(row[columns.indexOf("customer.email")]).toBe(email);
    expect(row[columns.indexOf("vehicle.id")]).toBe(String(car.id));
  });
});

describe("routing to a location's or a department's destinations", () => {
  const ROUTED = "summit-auto-group";
  const ROUTED_KEY = "write-summit-toyota-brisbane";
  const received: { path: string; lead: string }[] = [];
  const destinations: number[] = [];
  let server: Server;
  const dealerApi = (path: string, method = "GET", body?: unknown) =>
    fetchSite(ROUTED, path, { method, headers: { authorization: `Bearer ${ROUTED_KEY}`, "content-type": "application/json" }, ...(body ? { body: JSON.stringify(body) } : {}) });
  const [north, south] = query<{ id: number }>(`SELECT id FROM locations WHERE site = '${ROUTED}' AND dealership_id = 11 ORDER BY id`);

  beforeAll(async () => {
    server = createServer((request, response) => {
      received.push({ path: request.url ?? "", lead: String(request.headers["x-lead-id"]) });
      request.resume();
      response.writeHead(200).end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const add = async (path: string, routing: Record<string, unknown>) => {
      const added = await dealerApi("/api/leads/destinations", "POST", { kind: "webhook", url: `http://127.0.0.1:${port}/${path}`, format: "json", secret: `whsec-${randomUUID()}`, ...routing });
      expect(added.status).toBe(201);
      destinations.push(((await added.json()) as { id: number }).id);
    };
    await add("general", {});
    await add("south", { location_id: south?.id });
    await add("service", { department: "service" });
    // Only the dealership's own locations.
    expect((await dealerApi("/api/leads/destinations", "POST", { kind: "email", address: "x@example.com", location_id: 101 })).status).toBe(400);
  });
  afterAll(async () => {
    for (const id of destinations) await dealerApi(`/api/leads/destinations/${id}`, "DELETE");
    await new Promise((resolve) => server.close(resolve));
  });

  it("a lead goes to its location's or department's destinations when the dealership has them, else to its general ones", { timeout: 60_000 }, async () => {
    const send = async (location: number | undefined, category: string) => {
      const answer = await postLead(ROUTED, enquiry({ form: "contact" }, { category, location: String(location), terms_conditions: true }), { "idempotency-key": randomUUID(), ...origin(ROUTED) });
      expect(answer.status).toBe(201);
      return String(((await answer.json()) as { lead_id: number }).lead_id);
    };
    const sales = await send(north?.id, "Sales Enquiry");
    const atSouth = await send(south?.id, "Sales Enquiry");
    const service = await send(north?.id, "Service Enquiry");
    const pathsOf = (lead: string) => received.filter((entry) => entry.lead === lead).map((entry) => entry.path);
    await expect.poll(() => [sales, atSouth, service].every((lead) => pathsOf(lead).length > 0), { timeout: 45_000, interval: 500 }).toBe(true);
    expect(pathsOf(sales)).toEqual(["/general"]);
    expect(pathsOf(atSouth)).toEqual(["/south"]);
    expect(pathsOf(service)).toEqual(["/service"]);
  });
});
