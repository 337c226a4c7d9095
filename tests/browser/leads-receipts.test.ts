import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { query } from "../support/db";
import { shopperPage } from "../support/leads";
import { signedInStaff } from "../support/staff";
import { fetchSite, launchChromium, siteUrl, waitForHydration, watchConsole } from "../support/platform";

/**
 * Issue 21 in a browser: a trade-in, a test drive and a finance enquiry sent from a car on two sites; the dealer's
 * e-mail and inbox and the shopper's receipt read back (the test drive's .ics parsed, its time checked), /success
 * saying what was sent, and each lead's analytics event carrying the pages of the visit.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

type Mail = { subject: string; body: string; attachments: string | null };
/** The write key of the dealership selling the site's first car (the one the tests' leads are about). */
const keyOf = (site: string) =>
  `write-${query<{ slug: string }>(`SELECT d.slug FROM dealerships d JOIN vehicles v ON v.dealership_id = d.id WHERE v.site = '${site}' AND v.id = ${carOf(site)?.id}`)[0]?.slug}`;

function carOf(site: string) {
  return query<{ id: number; slug: string; title: string }>(
    `SELECT id, slug, json_extract(data, '$.name') AS title FROM vehicles WHERE site = '${site}' AND status = 'in_stock' AND json_extract(data, '$.price') > 5000
       AND coalesce(json_extract(data, '$.tag'), '') != 'Test Drive Only' AND json_extract(data, '$.show_on_dealer_website') != 0 ORDER BY id LIMIT 1`,
  )[0];
}

async function receiptFor(site: string, email: string): Promise<Mail> {
  let mail: Mail | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetchSite(site, `/api/auth/email-outbox?email=${encodeURIComponent(email)}`);
        [mail] = ((await response.json()) as { messages: Mail[] }).messages;
        return mail !== undefined;
      },
      { timeout: 45_000, interval: 500 },
    )
    .toBe(true);
  return mail as Mail;
}

async function dealerMailFor(site: string, email: string): Promise<Mail> {
  let mail: Mail | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetchSite(site, "/api/leads/outbox", { headers: { authorization: `Bearer ${keyOf(site)}` } });
        mail = ((await response.json()) as { mails: Mail[] }).mails.find((entry) => entry.body.includes(email));
        return mail !== undefined;
      },
      { timeout: 45_000, interval: 500 },
    )
    .toBe(true);
  return mail as Mail;
}

/** The inbox of the dealership selling the site's first car, signed in as a new staff member of it. */
async function inboxPage(site: string): Promise<string> {
  const dealership = query<{ slug: string }>(`SELECT d.slug FROM dealerships d JOIN vehicles v ON v.dealership_id = d.id WHERE v.id = ${carOf(site)?.id}`)[0]?.slug ?? "";
  const { cookie } = await signedInStaff(site, dealership, "salesperson");
  return (await fetchSite(site, "/dealer/leads", { headers: { cookie } })).text();
}

/** The analytics events the page sends (the beacon to the shared endpoint). */
function watchAnalytics(page: Page): { id: number; data: Record<string, unknown> }[] {
  const events: { id: number; data: Record<string, unknown> }[] = [];
  // On the context: the beacon leaves as the page does.
  page.context().on("request", (request) => {
    if (!request.url().endsWith("/api/vehicles/events")) return;
    const batch = JSON.parse(request.postData() ?? "{}") as { events?: { kind: string; id: number; data: Record<string, unknown> }[] };
    for (const event of batch.events ?? []) if (event.kind === "event") events.push(event);
  });
  return events;
}

async function fillDetails(form: ReturnType<Page["locator"]>, email: string, site: string): Promise<void> {
  await form.getByLabel("Name").fill("Robin Buyer");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Phone").fill("0412 999 888");
  await form.getByLabel("Postcode").fill("4000");
  if (site === "summit-auto-group") await form.getByLabel("I agree to the terms of use").check();
}

describe.each(["harbour-city-motors", "summit-auto-group"])("leads from a car on %s", (SITE) => {
  const car = carOf(SITE);
  const carTitle = car?.title ?? "";

  it("a test drive: /success says what was sent; the receipt's .ics is at the booked time; the dealer's mail and inbox show the car and time", { timeout: 120_000 }, async () => {
    const page = await shopperPage(browser);
    const errors = watchConsole(page);
    const analytics = watchAnalytics(page);
    // The visit: the car's page first, then the booking form about it.
    await page.goto(siteUrl(SITE, `/cars/${car?.slug}`));
    await waitForHydration(page);
    await page.goto(siteUrl(SITE, `/book-test-drive?car_id=${car?.id}`));
    await waitForHydration(page);
    const form = page.locator("#slot-form");
    const email = `drive-${Date.now()}-${SITE}@example.com`;
    await fillDetails(form, email, SITE);
    // The receipt by text message too.
    await form.getByLabel(/^Preferred contact method/).selectOption("SMS");
    const booking = form.getByLabel(/^Preferred date and time/);
    await booking.selectOption({ index: 2 });
    const chosen = await booking.inputValue();
    await form.getByRole("button", { name: "Submit Form" }).click();
    await page.waitForURL(/\/success$/);
    const success = await page.locator("#success-details").innerText();
    expect(success).toContain(`We have e-mailed a copy to ${email} and texted 0412 999 888.`);
    expect(success).toMatch(/Test drive: .+ at .+\. The e-mail has a calendar invitation and a link to change or cancel it\./);
    expect(success).toMatch(/will confirm your test drive by text message before the day/);
    const texted = async () => ((await (await fetchSite(SITE, "/api/auth/sms-outbox?phone=0412999888")).json()) as { messages: { body: string }[] }).messages;
    await expect.poll(async () => (await texted()).some((text) => text.body.includes(`we have your test drive booking about the ${carTitle}`)), { timeout: 45_000, interval: 500 }).toBe(true);

    const receipt = await receiptFor(SITE, email);
    expect(receipt.body).toContain(`Vehicle: ${carTitle}`);
    const [invite] = JSON.parse(receipt.attachments ?? "[]") as { content: string }[];
    const unfolded = (invite?.content ?? "").replace(/\r\n[ \t]/g, "");
    const dtstart = /\r\nDTSTART:(\d{8}T\d{6}Z)\r\n/.exec(unfolded)?.[1] ?? "";
    expect(new Date(dtstart.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, "$1-$2-$3T$4:$5:$6Z")).getTime()).toBe(Date.parse(chosen));

    const dealerMail = await dealerMailFor(SITE, email);
    expect(dealerMail.subject).toMatch(/^New test drive booking lead #\d+ from Robin Buyer: /);
    expect(dealerMail.body).toContain(`Vehicle: ${carTitle}`);
    expect(dealerMail.body).toMatch(/Booked: Test drive: .+ at .+/);
    const inbox = await inboxPage(SITE);
    expect(inbox).toContain(email);
    expect(inbox).toContain("<dt>Booked</dt>");

    await expect.poll(() => analytics.find((event) => event.id === 3), { timeout: 10_000 }).toBeDefined();
    const event = analytics.find((entry) => entry.id === 3);
    expect(event?.data).toMatchObject({ category: "Test Drive", source: "Website", car_id: car?.id });
    expect(String(event?.data.visited_pages)).toBe(`/cars/${car?.slug} /book-test-drive?car_id=${car?.id}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("a finance enquiry and a trade-in about the car reach the dealer with the car, the budget and the valuation; each shopper gets a receipt", { timeout: 150_000 }, async () => {
    const page = await shopperPage(browser);
    const analytics = watchAnalytics(page);
    await page.goto(siteUrl(SITE, `/finance-enquiry?car_id=${car?.id}&vehiclePriceBudget=30000#finance-form`));
    await waitForHydration(page);
    const finance = page.locator("#finance-form");
    const financeEmail = `finance-${Date.now()}-${SITE}@example.com`;
    await fillDetails(finance, financeEmail, SITE);
    await finance.getByRole("button", { name: "Submit Form" }).click();
    await page.waitForURL(/\/success$/);
    expect(await page.locator("#success-details").innerText()).toMatch(/A finance specialist from .+ will contact you by phone within one business day\./);
    await expect.poll(() => analytics.some((event) => event.id === 7), { timeout: 10_000 }).toBe(true);
    const financeMail = await dealerMailFor(SITE, financeEmail);
    expect(financeMail.body).toContain(`Vehicle: ${carTitle}`);
    expect(financeMail.body).toContain("Vehicle price or budget: $30,000");
    expect((await receiptFor(SITE, financeEmail)).subject).toMatch(/^Your finance enquiry with /);

    await page.goto(siteUrl(SITE, `/trade-in?car_id=${car?.id}`));
    await waitForHydration(page);
    const form = page.locator("#slot-form");
    await form.getByLabel("Make").fill("Mazda");
    await form.getByLabel("Model").fill("CX-5");
    await form.getByLabel("Year").fill(String(new Date().getUTCFullYear() - 3));
    await form.getByLabel("Odometer").fill("40,000");
    await form.getByRole("button", { name: "Next" }).click();
    await form.getByRole("group", { name: "Has the vehicle been in an accident?" }).getByLabel("No").check();
    await form.getByRole("button", { name: "Next" }).click();
    const tradeEmail = `trade-${Date.now()}-${SITE}@example.com`;
    await fillDetails(form, tradeEmail, SITE);
    await form.getByRole("button", { name: "Submit Form" }).click();
    // The offer, or why there is none online (no similar cars in this site's stock).
    await form.getByRole("heading", { name: /^(Your online valuation|Thanks, we have your car's details)$/ }).waitFor();
    const tradeMail = await dealerMailFor(SITE, tradeEmail);
    expect(tradeMail.body).toContain(`Vehicle: ${carTitle}`);
    expect(tradeMail.body).toMatch(/Make: Mazda\nModel: CX-5\nYear: \d{4}\n/);
    expect(tradeMail.body).toContain("Odometer: 40,000 km");
    expect(tradeMail.body).toContain("Has the vehicle been in an accident?: No");
    expect(tradeMail.body).toMatch(/Online valuation: (\$[\d,]+ to \$[\d,]+, offer \$[\d,]+|No online estimate: .+)/);
    const tradeReceipt = await receiptFor(SITE, tradeEmail);
    expect(tradeReceipt.body).toMatch(/Your car: \d{4} Mazda CX-5, 40,000 km/);
    const inbox = await inboxPage(SITE);
    expect(inbox).toContain(tradeEmail);
    expect(inbox).toContain("<dt>Online valuation</dt>");
    await page.context().close();
  });
});
