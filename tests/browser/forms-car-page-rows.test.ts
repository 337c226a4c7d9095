import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { query } from "../support/db";
import { dealerLeads, shopperPage } from "../support/leads";
import { launchChromium, siteUrl, waitForHydration } from "../support/platform";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** An in-stock car of the site, with a condition on its record. */
function carWhere(site: string, condition: string): string {
  return carRowWhere(site, condition).slug;
}
function carRowWhere(site: string, condition: string): { slug: string; stocknum: string } {
  const [row] = query<{ slug: string; stocknum: string }>(
    `SELECT slug, json_extract(data, '$.stocknum') AS stocknum FROM vehicles WHERE site = '${site}' AND json_extract(data, '$.status') = 'in_stock' AND coalesce(json_extract(data, '$.tag'), '') = '' AND ${condition} ORDER BY random() LIMIT 1`,
  );
  if (!row) throw new Error(`no car on ${site} where ${condition}`);
  return row;
}
const JUST_ARRIVED = "json_extract(data, '$.created_at') >= datetime('now', '-6 days') AND coalesce(json_extract(data, '$.reserved'), 0) = 0 AND coalesce(json_extract(data, '$.certified'), 0) = 0 AND coalesce(json_extract(data, '$.simple_fuel'), '') NOT IN ('Electric', 'Hybrid', 'PHEV', 'Plug-in Hybrid')";

describe("car page rows (issue 23)", () => {
  for (const [site, key] of [
    ["harbour-city-motors", "write-harbour-city-motors"],
    ["metro-certified", "write-metro-certified"],
  ] as const) {
    it(`${site}: the car page offers a photo request (fixed request text, optional message) that reaches the dealer`, async () => {
      const slug = carWhere(site, "1 = 1");
      const page = await shopperPage(browser);
      await page.goto(siteUrl(site, `/cars/${slug}`));
      const form = page.locator("#slot-photo-request");
      await form.getByRole("heading", { name: "Request more photos" }).scrollIntoViewIfNeeded();
      expect(await form.locator('input[type="hidden"][name="request"]').getAttribute("value")).toBe("Please send me more photos of this vehicle.");
      expect(await form.getByLabel(/^Comments/).evaluate((element) => element.closest(".enquiry-form__field")?.textContent)).toContain("(optional)");
      const email = `photos-${Date.now()}@example.com`;
      await form.getByLabel("Name").fill("Pat Photos");
      await form.getByLabel("Email").fill(email);
      await form.getByLabel("Phone").fill("0412 000 111");
      await form.getByLabel("Postcode").fill("4000");
      await form.getByRole("button", { name: "Submit Form" }).click();
      await page.waitForURL(/\/success$/);
      const stored = (await dealerLeads(site, key, "?limit=1000")).filter((lead) => lead.values.email === email);
      expect(stored).toHaveLength(1);
      await page.context().close();
    });
  }

  for (const site of ["metro-certified", "summit-auto-group"]) {
    it(`${site}: /book-test-drive has the optional disclaimer, sent when ticked`, async () => {
      const page = await shopperPage(browser);
      await page.goto(siteUrl(site, "/book-test-drive"));
      await waitForHydration(page);
      const form = page.locator("#slot-form");
      const disclaimer = form.getByLabel(/I hold a current driver's licence and will bring it to the test drive\. \(optional\)/);
      await disclaimer.check();
      await form.getByLabel("Name").fill("Dee Driver");
      await form.getByLabel("Email").fill(`drive-${Date.now()}@example.com`);
      await form.getByLabel("Phone").fill("0412 000 222");
      await form.getByLabel("Postcode").fill("4000");
      const location = form.getByLabel("Location");
      if ((await location.inputValue()) === "") await location.selectOption({ index: 1 });
      if (site === "summit-auto-group") await form.getByLabel("I agree to the terms of use").check();
      await form.getByRole("button", { name: "Submit Form" }).click();
      await page.waitForURL(/\/success$/);
      await page.context().close();
    });
  }

  for (const site of ["harbour-city-motors", "outback-trucks"]) {
    it(`${site}: a just-arrived car's card reads 'Just Arrived' (not 'New'), and its page's banner the same label`, async () => {
      const { slug, stocknum } = carRowWhere(site, JUST_ARRIVED);
      const page = await shopperPage(browser);
      await page.goto(siteUrl(site, `/cars/${slug}`));
      await page.locator("#slot-vehicle .vehicle-detail__tag-banner").getByText("Just Arrived", { exact: true }).waitFor();
      const old = carWhere(site, "json_extract(data, '$.created_at') < datetime('now', '-30 days')");
      await page.goto(siteUrl(site, `/cars/${old}`));
      await page.locator("#slot-vehicle h1").waitFor();
      expect(await page.locator(".vehicle-detail__tag-banner").count()).toBe(0);
      await page.goto(siteUrl(site, `/search?query=${stocknum}`));
      expect(await page.locator(".card__tag").allTextContents()).toEqual(["Just Arrived"]);
      await page.context().close();
    });
  }
});
