import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventsWithId, watchBeaconEvents } from "../support/analytics";
import { query } from "../support/db";
import { shopperPage } from "../support/leads";
import { launchChromium, siteUrl, waitForHydration } from "../support/platform";

/**
 * Issue 32, goal 4: the spec's lead events go through @dealer/shared/analytics (the first-party beacon) in their own
 * flows: 4 a photo request sent from a car page, 14 a careers enquiry (spec §4's category conversion). Events 60 and
 * 61 (search) and the kept filters are in search-weekly-kept-filters.test.ts.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function fillCustomer(form: ReturnType<Page["locator"]>, email: string): Promise<void> {
  await form.getByLabel("Name").fill("Pat Analytics");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Phone").fill("0412 000 111");
  await form.getByLabel("Postcode").fill("4000");
}

describe("lead events through the analytics module", () => {
  for (const site of ["harbour-city-motors", "metro-certified"]) {
    it(`${site}: event 4 when a photo request from a car page is sent`, async () => {
      const [row] = query<{ slug: string }>(`SELECT slug FROM vehicles WHERE site = '${site}' AND json_extract(data, '$.status') = 'in_stock' AND coalesce(json_extract(data, '$.tag'), '') = '' LIMIT 1`);
      if (!row) throw new Error(`no car on ${site}`);
      const page = await shopperPage(browser);
      const sent = watchBeaconEvents(page);
      await page.goto(siteUrl(site, `/cars/${row.slug}`));
      await waitForHydration(page);
      const form = page.locator("#slot-photo-request");
      await form.getByRole("heading", { name: "Request more photos" }).scrollIntoViewIfNeeded();
      await fillCustomer(form, `photos-event-${Date.now()}@example.com`);
      await form.getByRole("button", { name: "Submit Form" }).click();
      await page.waitForURL(/\/success$/);
      await expect.poll(() => eventsWithId(sent, 4).length).toBe(1);
      await page.context().close();
    });
  }

  for (const site of ["metro-certified", "harbour-city-motors"]) {
    it(`${site}: event 14 when a careers enquiry is sent (as General Enquiry / Career Enquiry)`, async () => {
      const page = await shopperPage(browser);
      const sent = watchBeaconEvents(page);
      await page.goto(siteUrl(site, "/careers"));
      await waitForHydration(page);
      const form = page.locator("#slot-form");
      await fillCustomer(form, `careers-event-${Date.now()}@example.com`);
      await form.getByLabel(/^Comments/).fill("I would like to apply as a sales consultant.");
      await form.getByRole("button", { name: "Submit Form" }).click();
      await page.waitForURL(/\/success$/);
      await expect.poll(() => eventsWithId(sent, 14).length).toBe(1);
      await page.context().close();
    });
  }
});
