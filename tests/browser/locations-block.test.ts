import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, openPage, PHONE, type PageSize } from "../support/pages";
import { launchChromium, siteUrl, waitForHydration, waitForSlot, watchConsole } from "../support/platform";


let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function open(site: string, path: string, size: PageSize, slot?: string) {
  const opened = await openPage(browser, site, path, size);
  if (slot) await waitForSlot(opened.page, slot);
  return opened;
}

describe("location block on the single-location site (metro-certified)", () => {
  for (const [name, size] of [["phone", PHONE], ["desktop", DESKTOP]] as const) {
    it(`${name}: one card with map, tel link, today's hours, week table and weekend Enquire Now link`, async () => {
      const { page, errors } = await open("metro-certified", "/", size, "locations");
      const block = page.locator("#slot-locations");
      await expect(block.locator(".location-card").count()).resolves.toBe(1);
      await block.getByRole("img", { name: /Map of Metro Certified Alexandria/ }).waitFor();
      await expect(block.getByRole("link", { name: "02 9317 5500" }).getAttribute("href")).resolves.toBe("tel:0293175500");
      await block.getByText(/Today/).first().waitFor();
      await block.getByRole("button", { name: "Show all hours" }).click();
      const week = block.getByRole("table", { name: /Opening hours of/ });
      await week.getByRole("rowheader", { name: "Sunday" }).waitFor();
      await expect(week.getByRole("link", { name: "Enquire Now" }).getAttribute("href")).resolves.toBe("/contact");
      await expect(block.getByRole("link", { name: /View details/ }).getAttribute("href")).resolves.toBe("/our-location/metro-certified-alexandria");
      await expect(block.getByRole("link", { name: /Get directions/ }).getAttribute("target")).resolves.toBe("_blank");
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it("the Holiday Hours dialog opens, lists the holidays, closes on Escape and returns focus", async () => {
    const { page, errors } = await open("metro-certified", "/", DESKTOP, "locations");
    const trigger = page.locator("#slot-locations").getByRole("button", { name: "Holiday Hours" });
    await trigger.click();
    const dialog = page.getByRole("dialog", { name: /Holiday Hours: Metro Certified Alexandria/ });
    await dialog.waitFor();
    expect(await dialog.getByRole("row").count()).toBeGreaterThan(0);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true);
    await trigger.click();
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(errors).toEqual([]);
    await page.close();
  });
  it("on the home page its code loads on first use: a tap on Holiday Hours that beats it opens the dialog once it arrives", async () => {
    const { page, errors } = await open("metro-certified", "/", PHONE);
    await expect(page.locator("#slot-locations[data-hydrated]").count()).resolves.toBe(0);
    await page.route("**/_mf/mf-locations/**/*.js", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.locator("#slot-locations").getByRole("button", { name: "Holiday Hours" }).click();
    await page.getByRole("dialog", { name: /Holiday Hours: Metro Certified Alexandria/ }).waitFor({ timeout: 10_000 });
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe("location grid (harbour-city-motors) and carousel (summit-auto-group)", () => {
  it("desktop: two locations of one dealership are a two-column grid", async () => {
    const { page, errors } = await open("harbour-city-motors", "/", DESKTOP, "locations");
    const grid = page.locator("#slot-locations ul.location-list__grid");
    await expect(grid.getAttribute("data-columns")).resolves.toBe("2");
    const columns = await grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length);
    expect(columns).toBe(2);
    // Licence numbers are off on this site.
    await expect(page.locator("#slot-locations").getByText("Dealer licence").count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("desktop: the dealer locator's 10 locations are a grid of 4 columns; the group's licence numbers show", async () => {
    const { page, errors } = await open("summit-auto-group", "/dealer-locator", DESKTOP);
    const grid = page.locator("#slot-locations ul.location-list__grid");
    await expect(grid.getAttribute("data-columns")).resolves.toBe("4");
    expect(await grid.locator(".location-card").count()).toBe(10);
    await page.locator("#slot-locations").getByText("Dealer licence").first().waitFor();
    await page.locator("#slot-locations").getByText("Repairer licence").first().waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  for (const [name, size] of [["phone", PHONE], ["desktop", DESKTOP]] as const) {
    it(`${name}: several dealerships are a carousel whose previous and next disable at the ends`, async () => {
      const { page, errors } = await open("summit-auto-group", "/", size, "locations");
      const carousel = page.locator("#slot-locations").getByRole("group", { name: "Our locations" });
      const previous = carousel.getByRole("button", { name: "Previous" });
      const next = carousel.getByRole("button", { name: "Next" });
      await expect(previous.isDisabled()).resolves.toBe(true);
      await expect(next.isEnabled()).resolves.toBe(true);
      if (name === "phone") await carousel.getByText("Swipe to see more").waitFor();
      else await expect(carousel.getByText("Swipe to see more").isVisible()).resolves.toBe(false);
      await next.click();
      await expect.poll(() => previous.isEnabled()).toBe(true);
      // Keyboard: the controls are buttons, so Enter moves the track too, until next disables at the end.
      const scrollLeft = () => carousel.locator(".carousel__track").evaluate((el) => el.scrollLeft);
      // Smooth scrolling: wait until the track stands still before reading the buttons.
      const settled = async () => {
        let last = -1;
        await expect.poll(async () => last === (last = await scrollLeft()), { interval: 200 }).toBe(true);
      };
      for (let i = 0; i < 12; i++) {
        await settled();
        if (await next.isDisabled()) break;
        const before = await scrollLeft();
        await next.press("Enter");
        await expect.poll(scrollLeft).toBeGreaterThan(before);
      }
      await expect(next.isDisabled()).resolves.toBe(true);
      await expect(previous.isEnabled()).resolves.toBe(true);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});

describe("location detail pages", () => {
  for (const [name, size] of [["phone", PHONE], ["desktop", DESKTOP]] as const) {
    it(`${name}: rating, map, department selector switching the hours, and the contact form`, async () => {
      const { page, errors } = await open("summit-auto-group", "/our-location/summit-toyota-brisbane", size, "location");
      const detail = page.locator("#slot-location");
      await detail.getByRole("heading", { level: 1, name: "Summit Toyota Brisbane" }).waitFor();
      await detail.getByRole("img", { name: /^Rated \d\.\d out of 5$/ }).waitFor();
      // The location's map (ADR 0050): its picture, then the interactive map with the location's pin.
      await detail.getByRole("region", { name: "Map of Summit Toyota Brisbane" }).getByRole("button", { name: "Summit Toyota Brisbane" }).waitFor();
      const select = detail.getByLabel("Department");
      await expect(select.locator("option").allTextContents()).resolves.toEqual(["Sales", "Service", "Parts"]);
      const table = detail.getByRole("table");
      await table.getByRole("rowheader", { name: "Thursday" }).waitFor();
      await select.selectOption("service");
      await table.getByRole("rowheader", { name: "Monday - Friday" }).waitFor();
      await table.getByRole("cell", { name: "7:30 AM - 5:00 PM" }).waitFor();
      await page.locator("#slot-enquiry").getByRole("button", { name: "Submit Form" }).waitFor();
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it("a location with one department has no selector; /locations and /contact-us show the same page; an unknown slug is the 404", async () => {
    const page = await browser.newPage(DESKTOP);
    // The unknown slug's page answers 404 on purpose.
    const errors = watchConsole(page, [/status of 404/]);
    await page.goto(siteUrl("summit-auto-group", "/locations/summit-mazda-penrith"));
    await waitForHydration(page);
    await page.locator("#slot-location").getByRole("heading", { level: 1, name: "Summit Mazda Penrith" }).waitFor();
    await expect(page.locator("#slot-location").getByLabel("Department").count()).resolves.toBe(0);
    const contact = await page.goto(siteUrl("summit-auto-group", "/contact-us/summit-mazda-penrith"));
    expect(contact?.status()).toBe(200);
    const missing = await page.goto(siteUrl("summit-auto-group", "/our-location/nowhere"));
    expect(missing?.status()).toBe(404);
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
