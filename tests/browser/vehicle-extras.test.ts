import type { Browser, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe";
import { launchChromium, siteUrl, waitForSlot } from "../support/platform";
import { carPath, cars, DESKTOP, openCar, PHONE } from "../support/vehicles";

const SITE = "harbour-city-motors";
const UNKNOWN_LOCATION = "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.";
/** Harbour City Motors certifies Toyotas (its demo config's certifiedManufacturer). */
const certifiedToyota = `${cars.inStock} AND json_extract(data, '$.certified') = 1 AND json_extract(data, '$.make') = 'Toyota'`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

type Sent = { page: string; events: { kind: string; id?: number; name?: string; data: Record<string, unknown> }[] };

/** Every analytics beacon the page sends, as the endpoint received it, with the endpoint's answer. */
function recordBeacons(page: Page): { batches: Sent[]; statuses: number[] } {
  const record = { batches: [] as Sent[], statuses: [] as number[] };
  page.on("request", (request: Request) => {
    if (!request.url().endsWith("/api/vehicles/events")) return;
    record.batches.push(JSON.parse(request.postData() ?? "null") as Sent);
    // A beacon sent as the page closes gets no answer the test can read.
    void request
      .response()
      .then((response) => response && record.statuses.push(response.status()))
      .catch(() => undefined);
  });
  return record;
}
const sentEvents = (record: { batches: Sent[] }) => record.batches.flatMap((batch) => batch.events);

describe("delivery cost calculator", () => {
  for (const [name, viewport] of [["phone", PHONE], ["desktop", DESKTOP]] as const) {
    it(`on a ${name}: the postcode is required and 4 digits, a known postcode is priced, an unknown one gets the spec's text`, async () => {
      const { page, errors } = await openCar(browser, SITE, carPath(SITE, cars.inStock), { viewport });
      const beacons = recordBeacons(page);
      await waitForSlot(page, "delivery-cost");
      const section = page.getByRole("region", { name: "Delivery cost calculator" });
      const postcode = section.getByLabel("Your postcode");
      const calculate = section.getByRole("button", { name: "Calculate delivery" });
      await calculate.click();
      await expect(section.getByRole("alert").innerText()).resolves.toBe("Please enter a postcode.");
      await expect(postcode.getAttribute("aria-invalid")).resolves.toBe("true");
      await postcode.fill("40");
      await calculate.click();
      await expect(section.getByRole("alert").innerText()).resolves.toBe("Invalid postcode. Please enter a 4-digit number.");
      // Only digits, at most 4: letters and separators never reach the field.
      await postcode.fill("");
      await postcode.pressSequentially("4,0a005");
      await expect(postcode.inputValue()).resolves.toBe("4000");
      await calculate.click();
      await expect(section.getByTestId("delivery-result").innerText()).resolves.toBe("Delivery to Brisbane metro: $149");
      await expect(section.getByRole("alert").count()).resolves.toBe(0);
      await postcode.fill("7000");
      await calculate.click();
      await expect(section.locator(".delivery-cost__error").innerText()).resolves.toBe(UNKNOWN_LOCATION);
      await expect(section.getByTestId("delivery-result").count()).resolves.toBe(0);
      // Each estimate is an analytics event (48).
      await expect.poll(() => sentEvents(beacons).filter((event) => event.id === 48).map((event) => event.data.postcode)).toEqual(["4000", "7000"]);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }

  it("a sold car has no delivery calculator", async () => {
    const { page } = await openCar(browser, SITE, carPath(SITE, cars.sold));
    await expect(page.locator("#slot-delivery-cost").count()).resolves.toBe(0);
    await page.context().close();
  });
});

// Two sites, two templates: the car page's events are the same on each (issue 32, goal 4).
describe.each([SITE, "ridge-motorcycles"])("analytics on %s", (site) => {
  it("sends the view (15) and the pixel's ViewContent with price, make, model and AUD in one beacon the endpoint takes", async () => {
    const path = carPath(site, `${cars.inStock} AND json_extract(data, '$.price') > 1000 AND json_extract(data, '$.offer_price') IS NULL AND coalesce(json_extract(data, '$.subscription_price'), 0) = 0`);
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const beacons = recordBeacons(page);
    await page.goto(siteUrl(site, path), { waitUntil: "domcontentloaded" });
    await expect.poll(() => beacons.batches.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const [first] = beacons.batches;
    expect(first?.page).toBe(path);
    const price = Number((await page.locator(".vehicle-detail__summary .price-block__amount").innerText()).replace(/[$,]/g, ""));
    const [year, make] = (await page.locator("h1").innerText()).split(" ");
    expect(year).toMatch(/^\d{4}$/);
    const carId = first?.events[0]?.data.car_id;
    expect(first?.events).toEqual([
      { kind: "event", id: 15, data: { car_id: expect.any(Number) } },
      { kind: "pixel", name: "ViewContent", data: { price, make, model: expect.any(String), currency: "AUD" } },
    ]);
    await expect.poll(() => beacons.statuses).toEqual([204]);

    // Phone reveal (17), share (25), print (39): marked controls, sent in the next beacon.
    await page.locator("#vehicle-phone-reveal").scrollIntoViewIfNeeded();
    await page.getByRole("button", { name: /Show number$/ }).click();
    await page.evaluate(() => {
      window.open = () => null;
    });
    await page.getByRole("region", { name: "Share this vehicle" }).getByRole("link", { name: "Facebook" }).click();
    await page.context().route("**/print?**", (route) => route.abort());
    await page.getByRole("link", { name: /^Print/ }).click();
    await expect.poll(() => sentEvents(beacons).map((event) => event.id ?? event.name)).toEqual([15, "ViewContent", 17, 25, 39]);
    expect(sentEvents(beacons).slice(2).every((event) => event.data.car_id === carId)).toBe(true);
    await expect.poll(() => beacons.statuses).toEqual([204, 204]);
    await context.close();
  });
});

describe("analytics failures", () => {
  it("a refused beacon or a failing endpoint changes nothing on the page", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.route("**/api/vehicles/events", (route) => route.fulfill({ status: 503, body: "down" }));
    const page = await context.newPage();
    const beacons = recordBeacons(page);
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await page.goto(siteUrl(SITE, carPath(SITE, cars.inStock)), { waitUntil: "domcontentloaded" });
    await expect.poll(() => beacons.batches.length, { timeout: 20_000 }).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Next image" }).click();
    await expect(page.locator(".vehicle-gallery__counter").innerText()).resolves.toMatch(/^Image 2 of/);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe("certified-brand dialog", () => {
  for (const [name, viewport] of [["phone", PHONE], ["desktop", DESKTOP]] as const) {
    it(`on a ${name}: the certified badge opens a modal with the 90 point inspection and 1 year roadside assist; Escape and Close close it, focus returns`, async () => {
      const { page, errors } = await openCar(browser, SITE, carPath(SITE, certifiedToyota), { viewport });
      const beacons = recordBeacons(page);
      const badge = page.getByRole("button", { name: "Toyota Certified Pre-Owned" });
      const dialog = page.getByRole("dialog", { name: "Toyota Certified Pre-Owned" });
      await expect(dialog.isVisible()).resolves.toBe(false);
      await badge.click();
      await expect(dialog.isVisible()).resolves.toBe(true);
      await expect(dialog.getByRole("listitem").allInnerTexts()).resolves.toEqual(["90 point inspection", "1 year roadside assist"]);
      await expect(dialog.evaluate((el) => (el as HTMLDialogElement).matches(":modal"))).resolves.toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press("Escape");
      await expect.poll(() => dialog.isVisible()).toBe(false);
      await expect(badge.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
      await page.keyboard.press("Enter");
      await expect.poll(() => dialog.isVisible()).toBe(true);
      await dialog.getByRole("button", { name: "Close" }).click();
      await expect.poll(() => dialog.isVisible()).toBe(false);
      await expect(badge.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
      await expect.poll(() => sentEvents(beacons).filter((event) => event.id === 49).length).toBe(2);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }

  it("only for the configured manufacturer's certified cars that are not sold", async () => {
    for (const condition of [
      `${cars.inStock} AND json_extract(data, '$.certified') = 1 AND json_extract(data, '$.make') != 'Toyota'`,
      `${cars.inStock} AND json_extract(data, '$.certified') = 0 AND json_extract(data, '$.make') = 'Toyota'`,
      `${cars.sold} AND json_extract(data, '$.certified') = 1 AND json_extract(data, '$.make') = 'Toyota'`,
    ]) {
      const { page } = await openCar(browser, SITE, carPath(SITE, condition));
      await expect(page.getByRole("button", { name: /Certified Pre-Owned/ }).count(), condition).resolves.toBe(0);
      await page.context().close();
    }
    // A site without a certified manufacturer never shows it.
    const { page } = await openCar(browser, "metro-certified", carPath("metro-certified", `${cars.inStock} AND json_extract(data, '$.certified') = 1`));
    await expect(page.locator(".vehicle-certified").count()).resolves.toBe(0);
    await page.context().close();
  });
});

describe("print", () => {
  it("the Print link opens /print?car_id={slug} in a new tab: the sheet without navigation, a print stylesheet and no axe violations", async () => {
    const path = carPath(SITE, cars.manyFeatures);
    const { page } = await openCar(browser, SITE, path);
    const link = page.getByRole("link", { name: /^Print/ });
    await expect(link.getAttribute("target")).resolves.toBe("_blank");
    const [tab] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
    await tab.waitForLoadState("domcontentloaded");
    expect(new URL(tab.url()).pathname + new URL(tab.url()).search).toBe(`/print?car_id=${path.replace("/cars/", "")}`);
    await tab.locator("#slot-print[data-hydrated='true']").waitFor({ timeout: 20_000 });
    const title = await page.locator("h1").first().innerText();
    await expect(tab.getByRole("heading", { level: 1 }).innerText()).resolves.toBe(title);
    expect(await tab.locator(".vehicle-print__features li").count()).toBeGreaterThan(8);
    await expect(tab.getByRole("heading", { name: "Key information" }).count()).resolves.toBe(1);
    expect(await axeViolations(tab)).toEqual([]);
    await tab.emulateMedia({ media: "print" });
    for (const hidden of ["#shell-header", "#shell-footer", ".vehicle-print__actions"]) {
      await expect(tab.locator(hidden).first().isVisible(), hidden).resolves.toBe(false);
    }
    await expect(tab.locator(".vehicle-print__sheet h1").isVisible()).resolves.toBe(true);
    await tab.emulateMedia({ media: "screen" });
    // Print this page opens the browser's print dialog.
    await tab.evaluate(() => {
      window.print = () => {
        (window as unknown as { printed: boolean }).printed = true;
      };
    });
    await tab.getByRole("button", { name: "Print this page" }).click();
    await expect(tab.evaluate(() => (window as unknown as { printed?: boolean }).printed)).resolves.toBe(true);
    await page.context().close();
  });

  it("Download PDF shows 'Preparing...' while the PDF is made, then downloads it; a failure is alerted", async () => {
    const path = carPath(SITE, cars.inStock);
    const slug = path.replace("/cars/", "");
    const context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(siteUrl(SITE, `/print?car_id=${slug}`), { waitUntil: "domcontentloaded" });
    await page.locator("#slot-print[data-hydrated='true']").waitFor({ timeout: 20_000 });
    // Hold the PDF's answer a moment so the button's interim label can be read.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await context.route(`**/cars/${slug}/pdf`, async (route) => {
      await held;
      await route.continue();
    });
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download PDF" }).click();
    await page.getByRole("button", { name: "Preparing..." }).waitFor();
    release();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${slug}.pdf`);
    await page.getByRole("button", { name: "Download PDF" }).waitFor();
    await context.unroute(`**/cars/${slug}/pdf`);

    // The car is gone by the time the PDF is asked for: the server's message is alerted.
    await context.route(`**/cars/${slug}/pdf`, (route) => route.continue({ url: siteUrl(SITE, "/cars/no-such-car/pdf") }));
    const alerted = new Promise<string>((resolve) => page.once("dialog", (dialog) => void dialog.dismiss().then(() => resolve(dialog.message()))));
    await page.getByRole("button", { name: "Download PDF" }).click();
    await expect(alerted).resolves.toBe("This vehicle is no longer listed.");
    await page.getByRole("button", { name: "Download PDF" }).waitFor();
    await context.close();
  });
});
