import { DEFAULT_DRIVE_AWAY_RATES } from "@dealer/shared/config";
import type { Car } from "@dealer/shared/contract";
import { ACCOUNT_POSTCODE_NOTE, ctpPartName, driveAwayMoney, estimateAsAtText, NO_ATM_TEXT, PART_NAMES, TOWING_CAPACITY_MESSAGE, TOWING_NOTE, towVerdict, TYPICAL_AMOUNT, unconfirmedText } from "@dealer/shared/rules";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe";
import { postJson, signIn } from "../support/accounts";
import { carWhere, createCaravanSite, deliveryChargeOf, nswPassengerDuty, vansWithAtms, waHeavyDuty, writeVans } from "../support/buyer-tools";
import { operatorApi } from "../support/operator";
import { shopperPage } from "../support/leads";
import { inboxWith } from "../support/staff";
import { launchChromium, siteUrl, waitForHydration, watchConsole } from "../support/platform";

const NARROW = { width: 360, height: 780 };
const GENERATED = "issue34-vans";

let browser: Browser;
let generatedKey = "";

/** Two vans made the generated site's: one with its ATM, one whose listing has none. */
async function generatedVans(): Promise<{ withAtm: string; withoutAtm: string }> {
  const upsert = await vansWithAtms([
    { stocknum: "VAN1", atm: 2_600 },
    { stocknum: "VAN2", atm: null },
  ]);
  await writeVans(GENERATED, generatedKey, upsert);
  return { withAtm: `/cars/${upsert[0]?.slug}`, withoutAtm: `/cars/${upsert[1]?.slug}` };
}

beforeAll(async () => {
  browser = await launchChromium();
  generatedKey = await createCaravanSite(GENERATED, "Issue 34 Vans");
});
afterAll(async () => {
  await browser?.close();
  await operatorApi("DELETE", `/sites/${GENERATED}`);
});

async function carPage(site: string, car: Pick<Car, "slug">, options: { javaScript?: boolean } = {}): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: NARROW, javaScriptEnabled: options.javaScript ?? true });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await page.goto(siteUrl(site, `/cars/${car.slug}`));
  if (options.javaScript !== false) await waitForHydration(page);
  return { page, errors };
}

/** The panel's code loads on use: point at it and wait until it runs. */
async function used(page: Page, testId: string, ready: string) {
  const part = page.getByTestId(testId);
  await part.scrollIntoViewIfNeeded();
  await part.hover();
  await part.locator(ready).waitFor();
  return part;
}

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("the drive-away price on a car page", () => {
  it("on a car site: an EGC car's total in NSW from the published formula, remembered on the device, at 360 px, axe clean", async () => {
    const car = carWhere("harbour-city-motors", "json_extract(data, '$.price_type') = 'Excl. Government Charges' AND json_extract(data, '$.car_type') = 'used' AND json_extract(data, '$.offer_price') IS NULL AND json_extract(data, '$.price') > 20000");
    expect(car.item_type).toBe("car");
    const price = car.price as number;
    const value = price + deliveryChargeOf("harbour-city-motors");
    const nsw = DEFAULT_DRIVE_AWAY_RATES.NSW;
    const expected = value + nswPassengerDuty(value) + nsw.registration.car + (nsw.ctp?.car.to ?? 0) + nsw.transferFee;

    const { page, errors } = await carPage("harbour-city-motors", car);
    const panel = await used(page, "drive-away", "xpath=self::*[@data-ready='true']");
    expect(await panel.innerText()).toContain("The price shown is Excl. Government Charges.");
    await panel.getByLabel("State or territory").selectOption("NSW");
    await panel.getByRole("button", { name: "Show drive-away price" }).click();
    await expect.poll(() => panel.getByTestId("drive-away-total").innerText().catch(() => "")).toBe(`${driveAwayMoney(expected)} drive away in NSW`);
    expect(await panel.getByTestId("drive-away-part").count()).toBe(6);
    expect(await panel.innerText()).toContain(estimateAsAtText(nsw.asAt));
    // The fees no published 2025-26 page confirms are named as typical amounts (ADR 0090); NSW's duty is confirmed.
    const ctp = nsw.ctp?.car ?? { from: 0, to: 0 };
    expect(await panel.getByTestId("drive-away-unconfirmed").innerText()).toBe(unconfirmedText("NSW", [PART_NAMES.registration, ctpPartName(ctp), PART_NAMES.transfer]));
    expect(await panel.getByRole("link", { name: nsw.sources[0]?.name }).getAttribute("href")).toBe(nsw.sources[0]?.url);
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page, ["[data-testid='drive-away']"])).toEqual([]);

    // The finance calculator on the page takes the drive-away total as the amount financed.
    const calculator = page.locator("#finance-calculator");
    await calculator.scrollIntoViewIfNeeded();
    await calculator.getByRole("button", { name: `Use the drive-away price: ${driveAwayMoney(expected)} in NSW` }).click();
    expect(await calculator.getByLabel("Purchase price").inputValue()).toBe(new Intl.NumberFormat("en-AU").format(Math.round(expected)));
    // Its enquiry link names the state, and the enquiry form posts it back for the lead's estimate (ADR 0072).
    const href = (await calculator.locator('a[href*="#finance-form"]').first().getAttribute("href")) ?? "";
    const link = new URL(href, page.url());
    expect(link.searchParams.get("drive_away_state")).toBe("NSW");
    expect(link.searchParams.get("vehiclePriceBudget")).toBe(String(Math.round(expected)));
    const form = await shopperPage(browser);
    await form.goto(link.href);
    expect(await form.locator('input[name="finance.drive_away_state"]').inputValue()).toBe("NSW");
    // Sent, the enquiry reaches the dealer's inbox with the typical amounts marked in the page's words (ADR 0098).
    await waitForHydration(form);
    const email = `drive-away-${Date.now()}@example.com`;
    const fields = form.locator("#finance-form");
    const contact = { Name: "Pat Borrower", Email: email, Phone: "0412 555 444", Postcode: "2000" };
    for (const [label, text] of Object.entries(contact)) await fields.getByLabel(label).fill(text);
    await fields.getByRole("button", { name: "Submit Form" }).click();
    await form.waitForURL(/\/success$/);
    const inbox = await inboxWith("harbour-city-motors", car.dealership_slug as string, email);
    expect(inbox).toContain(`<dt>Drive-away estimate: ${PART_NAMES.registration}</dt><dd>${driveAwayMoney(nsw.registration.car)} (${TYPICAL_AMOUNT})</dd>`);
    expect(inbox).toContain(`<dt>Drive-away estimate: Stamp duty (Passenger vehicle)</dt><dd>${driveAwayMoney(nswPassengerDuty(value))}</dd>`);
    expect(inbox).toContain(`<dt>Drive-away estimate: not confirmed</dt><dd>${unconfirmedText("NSW", [PART_NAMES.registration, ctpPartName(ctp), PART_NAMES.transfer])}</dd>`);
    await form.context().close();
    await panel.scrollIntoViewIfNeeded();

    // A bad postcode is named; the next visit asks for the remembered state by itself.
    await panel.getByLabel("or postcode").fill("0100");
    await panel.getByRole("button", { name: "Show drive-away price" }).click();
    expect(await panel.getByRole("alert").innerText()).toBe("0100 is not an Australian postcode.");
    await page.reload();
    await waitForHydration(page);
    await page.getByTestId("drive-away").scrollIntoViewIfNeeded();
    await expect.poll(() => page.getByTestId("drive-away-total").innerText().catch(() => "")).toBe(`${driveAwayMoney(expected)} drive away in NSW`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("on a truck site: an Excl. GST truck by postcode (6000, WA) gets GST, then WA's heavy vehicle duty from its GVM", async () => {
    const truck = carWhere("outback-trucks", "json_extract(data, '$.price_type') = 'Excl. GST' AND json_extract(data, '$.variant.grossvehiclemass') > 4500 AND json_extract(data, '$.offer_price') IS NULL AND json_extract(data, '$.car_type') = 'new'");
    expect(truck.variant?.grossvehiclemass).toBeGreaterThan(4_500);
    const price = truck.price as number;
    const gst = Math.round(price * 10) / 100;
    const value = price + gst + deliveryChargeOf("outback-trucks");
    const duty = waHeavyDuty(value);
    const wa = DEFAULT_DRIVE_AWAY_RATES.WA;
    const expected = Math.round((value + duty + wa.registration.lightTruck + wa.plateFee) * 100) / 100;

    const { page, errors } = await carPage("outback-trucks", truck);
    const panel = await used(page, "drive-away", "xpath=self::*[@data-ready='true']");
    expect(await panel.innerText()).toContain("The price shown is Excl. GST.");
    await panel.getByLabel("or postcode").fill("6000");
    await panel.getByRole("button", { name: "Show drive-away price" }).click();
    await expect.poll(() => panel.getByTestId("drive-away-total").innerText().catch(() => "")).toBe(`${driveAwayMoney(expected)} drive away in WA`);
    expect(await fitsWidth(page)).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("without JavaScript states the price type, and the form's answer comes back in the page", async () => {
    const car = carWhere("harbour-city-motors", "json_extract(data, '$.price_type') = 'Excl. Government Charges' AND json_extract(data, '$.offer_price') IS NULL AND json_extract(data, '$.price') > 20000");
    const { page } = await carPage("harbour-city-motors", car, { javaScript: false });
    expect(await page.getByTestId("drive-away").innerText()).toContain("The price shown is Excl. Government Charges.");
    await page.getByLabel("State or territory").selectOption("NSW");
    await page.getByRole("button", { name: "Show drive-away price" }).click();
    await page.waitForURL(/drive_away_state=NSW/);
    expect(await page.getByTestId("drive-away-total").innerText()).toMatch(/drive away in NSW$/);
    await page.context().close();
  });
});

describe("the drive-away place from a signed-in shopper's postcode (ADR 0079)", () => {
  it("a postcode asked for when signed in prefills the panel on another device; never for anonymous shoppers or on another site", async () => {
    const car = carWhere("harbour-city-motors", "json_extract(data, '$.price_type') = 'Excl. Government Charges' AND json_extract(data, '$.car_type') = 'used' AND json_extract(data, '$.offer_price') IS NULL AND json_extract(data, '$.price') > 20000");
    const value = (car.price as number) + deliveryChargeOf("harbour-city-motors");
    const nsw = DEFAULT_DRIVE_AWAY_RATES.NSW;
    const expected = `${driveAwayMoney(value + nswPassengerDuty(value) + nsw.registration.car + (nsw.ctp?.car.to ?? 0) + nsw.transferFee)} drive away in NSW`;
    const { cookie, phone } = await signIn("harbour-city-motors");
    const device = async (site: string, signedIn: string | null) => {
      const context = await browser.newContext({ viewport: NARROW, ...(signedIn ? { extraHTTPHeaders: { cookie: signedIn } } : {}) });
      const page = await context.newPage();
      await page.goto(siteUrl(site, `/cars/${car.slug}`));
      await waitForHydration(page);
      return page;
    };

    // Signed in on one device: the postcode asked for is kept with the account, and the panel says so.
    const first = await device("harbour-city-motors", cookie);
    const panel = await used(first, "drive-away", "xpath=self::*[@data-ready='true']");
    expect(await panel.innerText()).toContain(ACCOUNT_POSTCODE_NOTE);
    await panel.getByLabel("or postcode").fill("2000");
    const kept = first.waitForResponse((response) => response.url().endsWith("/api/account/postcode") && response.status() === 200);
    await panel.getByRole("button", { name: "Show drive-away price" }).click();
    await kept;
    await first.context().close();

    // Another device, signed in: the account's postcode is asked for once the page settles, without a touch.
    const second = await device("harbour-city-motors", cookie);
    await expect.poll(() => second.getByTestId("drive-away-total").innerText().catch(() => ""), { timeout: 15_000 }).toBe(expected);
    expect(await second.getByLabel("or postcode").inputValue()).toBe("2000");
    await second.context().close();

    // Anonymous on a fresh device: nothing is filled in or asked for.
    const anonymous = await device("harbour-city-motors", null);
    await anonymous.waitForTimeout(2_500);
    expect(await anonymous.getByLabel("or postcode").inputValue()).toBe("");
    expect(await anonymous.getByTestId("drive-away-total").count()).toBe(0);
    expect(await anonymous.getByTestId("drive-away").innerText()).not.toContain(ACCOUNT_POSTCODE_NOTE);
    await anonymous.context().close();

    // The same number signed in on another site is another account, without the postcode.
    const other = await signIn("summit-auto-group", phone);
    const summitCar = carWhere("summit-auto-group", "json_extract(data, '$.price_type') = 'Excl. Government Charges' AND json_extract(data, '$.offer_price') IS NULL");
    const context = await browser.newContext({ viewport: NARROW, extraHTTPHeaders: { cookie: other.cookie } });
    const page = await context.newPage();
    await page.goto(siteUrl("summit-auto-group", `/cars/${summitCar.slug}`));
    await waitForHydration(page);
    await page.waitForTimeout(2_500);
    expect(await page.getByLabel("or postcode").inputValue()).toBe("");
    await context.close();

    // The API behind it: a postcode that is not Australian is a 400 naming the field; signed out is a 401.
    const refused = await postJson("harbour-city-motors", "/api/account/postcode", { postcode: "0100" }, { cookie, origin: siteUrl("harbour-city-motors", "").replace(/\/$/, "") });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.postcode).toEqual(["0100 is not an Australian postcode."]);
    const signedOut = await postJson("harbour-city-motors", "/api/account/postcode", { postcode: "2000" }, { origin: siteUrl("harbour-city-motors", "").replace(/\/$/, "") });
    expect(signedOut.status).toBe(401);
  });
});

describe("my tow vehicle on a caravan's page", () => {
  it("on a caravan site: a typed capacity is checked (0 refused), a variant picked from the network's stock gives the verdict, remembered", async () => {
    const van = carWhere("coastal-caravans", "json_extract(data, '$.caravan_specifications.aggregate_trailer_mass') > 0");
    const atm = van.caravan_specifications?.aggregate_trailer_mass as number;
    const { page, errors } = await carPage("coastal-caravans", van);
    const check = await used(page, "tow-check", ".tow-picker[data-ready='true']");
    expect(await check.innerText()).toContain(`${atm.toLocaleString("en-AU")} kg`);
    expect(await check.innerText()).toContain(TOWING_NOTE);
    await check.getByLabel("or its braked towing capacity (kg)").fill("0");
    await check.getByRole("button", { name: "Use this capacity" }).click();
    expect(await check.getByRole("alert").innerText()).toBe(TOWING_CAPACITY_MESSAGE);
    await check.getByLabel("or its braked towing capacity (kg)").fill(String(atm - 1));
    await check.getByRole("button", { name: "Use this capacity" }).click();
    expect(await check.getByTestId("tow-verdict").getAttribute("data-verdict")).toBe("over");

    await check.getByLabel("Find your vehicle (make, model, year)").fill("landcruiser");
    const pick = check.getByRole("button", { name: /LandCruiser/i }).first();
    await pick.waitFor();
    const capacity = Number(/\(([\d,]+) kg\)/.exec(await pick.innerText())?.[1]?.replace(/,/g, ""));
    await pick.click();
    const expected = towVerdict(atm, capacity);
    expect(await check.getByTestId("tow-verdict").innerText()).toBe(expected.text);
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page, ["[data-testid='tow-check']"])).toEqual([]);

    await page.reload();
    await waitForHydration(page);
    await page.getByTestId("tow-check").scrollIntoViewIfNeeded();
    await expect.poll(() => page.getByTestId("tow-verdict").innerText().catch(() => "")).toBe(expected.text);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("on a generated caravan site: a van with an ATM gets its verdict, a van without one says so", async () => {
    const vans = await generatedVans();
    const context = await browser.newContext({ viewport: NARROW });
    const page = await context.newPage();
    await page.goto(siteUrl(GENERATED, vans.withAtm));
    await waitForHydration(page);
    const check = await used(page, "tow-check", ".tow-picker[data-ready='true']");
    await check.getByLabel("or its braked towing capacity (kg)").fill("3000");
    await check.getByRole("button", { name: "Use this capacity" }).click();
    expect(await check.getByTestId("tow-verdict").innerText()).toBe(towVerdict(2_600, 3_000).text);
    expect(towVerdict(2_600, 3_000).kind).toBe("near");

    await page.goto(siteUrl(GENERATED, vans.withoutAtm));
    await waitForHydration(page);
    await page.getByTestId("tow-check").scrollIntoViewIfNeeded();
    expect(await page.getByTestId("tow-check").innerText()).toContain(NO_ATM_TEXT);
    await expect.poll(() => page.getByTestId("tow-verdict").getAttribute("data-verdict").catch(() => null)).toBe("unknown");
    await context.close();
  });
});
