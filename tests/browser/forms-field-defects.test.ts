import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopperPage } from "../support/leads";
import { launchChromium, siteUrl, waitForHydration } from "../support/platform";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe("lead form fields (issue 23)", () => {
  for (const site of ["harbour-city-motors", "metro-certified"]) {
    it(`${site}: the postcode box takes digits only before the form's code loads`, async () => {
      const page = await shopperPage(browser);
      // The form's own code never arrives: only the markup and the shell limit the box.
      await page.route(/\/_mf\/mf-forms\/.*__federation_expose_/, (route) => route.abort());
      await page.goto(siteUrl(site, "/contact"));
      await waitForHydration(page);
      const postcode = page.locator("#slot-form").getByLabel("Postcode");
      expect(await postcode.getAttribute("pattern")).toBe("[0-9]{4}");
      expect(await postcode.getAttribute("inputmode")).toBe("numeric");
      expect(await postcode.getAttribute("maxlength")).toBe("4");
      await postcode.pressSequentially("4a0b0x1");
      expect(await postcode.inputValue()).toBe("4001");
      await page.context().close();
    });
  }

  for (const [site, path] of [
    ["outback-trucks", "/trade-in"],
    ["harbour-city-motors", "/sell-my-car"],
  ] as const) {
    it(`${site}${path}: the odometer's "kms" is the field's suffix, on its row`, async () => {
      const page = await shopperPage(browser);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(siteUrl(site, path));
      await waitForHydration(page);
      const odometer = page.locator("#slot-form").getByLabel("Odometer");
      const input = await odometer.boundingBox();
      const suffix = await odometer.locator("xpath=following-sibling::span[1]").boundingBox();
      if (!input || !suffix) throw new Error("odometer or its suffix not laid out");
      expect(await odometer.locator("xpath=following-sibling::span[1]").textContent()).toBe("kms");
      // Beside the input, inside its row: not under it.
      expect(suffix.x).toBeGreaterThanOrEqual(input.x + input.width - 1);
      expect(suffix.y + suffix.height / 2).toBeGreaterThan(input.y);
      expect(suffix.y + suffix.height / 2).toBeLessThan(input.y + input.height);
      await page.context().close();
    });
  }

  it("a device's saved details fill the form before its code loads; a device without them never fetches the filler (ADR 0087)", async () => {
    const page = await shopperPage(browser);
    await page.route(/\/_mf\/mf-forms\/.*__federation_expose_/, (route) => route.abort());
    const filler: string[] = [];
    page.on("request", (request) => {
      if (/\/_shell\/.*customer-prefill\./.test(request.url())) filler.push(request.url());
    });
    const values = (names: string[]) =>
      page.locator("#slot-form form").evaluate((form: HTMLFormElement, fields) => fields.map((name) => (form.elements.namedItem(`values.${name}`) as HTMLInputElement | null)?.value ?? null), names);
    await page.goto(siteUrl("harbour-city-motors", "/contact"));
    await waitForHydration(page);
    await page.locator("#slot-form").getByLabel("Postcode").hover();
    expect(filler).toEqual([]);
    expect(await values(["name", "email", "phone", "postcode"])).toEqual(["", "", "", ""]);

    const saved = { name: "Robin Saved", email: "robin.saved@example.com", phone: "0412 555 019", postcode: "4006" };
    await page.evaluate((customer) => window.localStorage.setItem("dealer:customer", JSON.stringify(customer)), saved);
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => values(["name", "email", "phone", "postcode"])).toEqual([saved.name, saved.email, saved.phone, saved.postcode]);
    expect(filler).toHaveLength(1);
    await page.context().close();
  });

  it("a form's own code fills saved details the shell did not, and fetches its filler only on a device with them (ADR 0133)", async () => {
    const page = await shopperPage(browser);
    // The shell's filler never arrives: only the form's own, once it has hydrated, can fill the fields.
    await page.route(/\/_shell\/.*customer-prefill\./, (route) => route.abort());
    const chunks: string[] = [];
    page.on("request", (request) => {
      if (/\/_mf\/mf-forms\/.*\.js$/.test(request.url())) chunks.push(request.url());
    });
    const values = (names: string[]) =>
      page.locator("#slot-form form").evaluate((form: HTMLFormElement, fields) => fields.map((name) => (form.elements.namedItem(`values.${name}`) as HTMLInputElement | null)?.value ?? null), names);
    // /trade-in's form hydrates at load (its steps need its code).
    await page.goto(siteUrl("harbour-city-motors", "/trade-in"));
    await waitForHydration(page);
    const withoutDetails = [...chunks];
    expect(await values(["name", "email"])).toEqual(["", ""]);

    const saved = { name: "Robin Saved", email: "robin.saved@example.com", phone: "0412 555 019", postcode: "4006" };
    await page.evaluate((customer) => window.localStorage.setItem("dealer:customer", JSON.stringify(customer)), saved);
    chunks.length = 0;
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => values(["name", "email"])).toEqual([saved.name, saved.email]);
    // One chunk more than without saved details: the filler.
    expect(chunks.length).toBe(withoutDetails.length + 1);
    await page.context().close();
  });
});
