import { addDaysToDate, easterSunday } from "@dealer/shared/rules";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, openPage, PHONE, type PageSize } from "../support/pages";
import { launchChromium, siteUrl, waitForSlot } from "../support/platform";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const HOURS_FORMAT = /^(Closed|\d{1,2}:\d{2} (AM|PM) - \d{1,2}:\d{2} (AM|PM))$/;
const dialogLabel = (date: string) =>
  new Intl.DateTimeFormat("en-AU", { weekday: "short", day: "numeric", month: "long", timeZone: "UTC" }).format(Date.parse(`${date}T00:00:00Z`));

/** The Good Friday and Easter Monday still to come (this year's, or next year's once this Easter has passed). */
function nextEaster(): { goodFriday: string; easterMonday: string } {
  const today = new Date().toISOString().slice(0, 10);
  const year = Number(today.slice(0, 4));
  const sunday = addDaysToDate(easterSunday(year), 1) >= today ? easterSunday(year) : easterSunday(year + 1);
  return { goodFriday: addDaysToDate(sunday, -2), easterMonday: addDaysToDate(sunday, 1) };
}

async function holidayRows(page: Page, name: RegExp): Promise<Array<{ day: string; text: string }>> {
  await page.locator("#slot-locations").getByRole("button", { name: "Holiday Hours" }).first().click();
  const dialog = page.getByRole("dialog", { name });
  await dialog.waitFor();
  return dialog.getByRole("row").evaluateAll((rows) =>
    rows.map((row) => ({ day: row.querySelector("th")?.textContent ?? "", text: row.querySelector("td")?.textContent ?? "" })),
  );
}

describe("holiday hours: Easter by the computus, one hours format (metro-certified NSW, harbour-city-motors QLD)", () => {
  for (const [site, dialogName] of [
    ["metro-certified", /Holiday Hours: Metro Certified Alexandria/],
    ["harbour-city-motors", /Holiday Hours: Harbour City/],
  ] as const) {
    it(`${site}: Good Friday and Easter Monday on their dates; every time as "10:00 AM - 4:00 PM"`, async () => {
      const { page, errors } = await openPage(browser, site, "/", DESKTOP);
      await waitForSlot(page, "locations");
      const rows = await holidayRows(page, dialogName);
      const { goodFriday, easterMonday } = nextEaster();
      const dayOf = (holiday: string) => rows.find((row) => row.day.includes(`(${holiday})`))?.day;
      expect(dayOf("Good Friday")).toBe(`${dialogLabel(goodFriday)} (Good Friday)`);
      expect(dayOf("Easter Monday")).toBe(`${dialogLabel(easterMonday)} (Easter Monday)`);
      for (const row of rows) expect(row.text).toMatch(HOURS_FORMAT);
      // Sales trades on Boxing Day: the dialog writes its hours as the hours table does.
      expect(rows.some((row) => row.text.endsWith("M") && row.text !== "Closed")).toBe(true);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});

describe("a card shows the hours of the department it is listed for", () => {
  it("summit-auto-group /dealer-locator: the department and state selects apply on change; parts cards show parts hours", async () => {
    const { page, errors } = await openPage(browser, "summit-auto-group", "/dealer-locator", DESKTOP);
    const form = page.getByRole("form", { name: "Find a dealership" });
    await form.getByLabel("State").selectOption("WA");
    await page.waitForURL(/state=WA/);
    await form.getByLabel("Department").selectOption("parts");
    await page.waitForURL(/filter=parts/);
    const card = page.locator("#slot-locations .location-card").filter({ hasText: "Summit Ford Osborne Park" });
    await expect(page.locator("#slot-locations .location-card h3").allTextContents()).resolves.toEqual(["Summit Ford Osborne Park"]);
    await card.getByRole("button", { name: "Show all hours" }).click();
    const week = card.getByRole("table", { name: /Opening hours of/ });
    // Sales keeps Thursday late (8:30 AM - 7:00 PM); parts is 8:00 AM - 5:00 PM every weekday.
    await expect(week.getByRole("row", { name: /Monday - Friday/ }).textContent()).resolves.toContain("8:00 AM - 5:00 PM");
    await expect(card.textContent()).resolves.not.toContain("7:00 PM");
    // Its details link opens the location page on the parts hours.
    await card.getByRole("link", { name: /View details/ }).click();
    await page.waitForURL(/\/our-location\/summit-ford-osborne-park\?type=parts$/);
    await waitForSlot(page, "location");
    const select = page.locator("#slot-location").getByLabel("Department");
    await expect(select.inputValue()).resolves.toBe("parts");
    await select.selectOption("sales");
    await page.locator("#slot-location").getByRole("table").getByRole("rowheader", { name: "Thursday" }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it("ridge-motorcycles: the parts page's location card shows Saturday's parts hours, not sales'", async () => {
    const { page, errors } = await openPage(browser, "ridge-motorcycles", "/vehicle-parts-and-accessories", DESKTOP);
    // The week's table is in the server's markup (behind the toggle): read it without waiting for the code.
    const saturday = page.locator("#slot-locations .location-card .location-card__week tr").filter({ hasText: "Saturday" });
    await expect(saturday.textContent()).resolves.toContain("8:00 AM - 12:00 PM");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("outback-trucks /dealer-locator: the state select applies on change", async () => {
    const { page, errors } = await openPage(browser, "outback-trucks", "/dealer-locator", DESKTOP);
    await page.getByRole("form", { name: "Find a dealership" }).getByLabel("State").selectOption("QLD");
    await page.waitForURL(/state=QLD/);
    await expect(page.locator("#slot-locations .location-card h3").allTextContents()).resolves.toEqual(["Outback Trucks Townsville"]);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe("location grid columns follow the count at every wide width", () => {
  const columnsAt = async (site: string, path: string, width: number) => {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(siteUrl(site, path));
    const columns = await page
      .locator("#slot-locations ul.location-list__grid")
      .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length);
    await page.close();
    return columns;
  };
  it("summit-auto-group: 10 locations are 3 per row at 1100 px and 4 at 1280-1440 px; exactly 6 are 3 per row", async () => {
    expect(await columnsAt("summit-auto-group", "/dealer-locator", 1100)).toBe(3);
    expect(await columnsAt("summit-auto-group", "/dealer-locator", 1280)).toBe(4);
    expect(await columnsAt("summit-auto-group", "/dealer-locator", 1440)).toBe(4);
    expect(await columnsAt("summit-auto-group", "/dealer-locator?locator=true&filter=parts", 1440)).toBe(3);
    expect(await columnsAt("summit-auto-group", "/dealer-locator?locator=true&filter=parts", 390)).toBe(1);
  });
  it("outback-trucks: two locations stay two per row from tablet to wide, one on a phone", async () => {
    for (const width of [800, 1100, 1440]) expect(await columnsAt("outback-trucks", "/dealer-locator", width)).toBe(2);
    expect(await columnsAt("outback-trucks", "/dealer-locator", 390)).toBe(1);
  });
});

describe("header dropdowns open and close on click and tap; Contact hides on /contact-us", () => {
  const open = (site: string, path: string, size: PageSize) => openPage(browser, site, path, size);
  it("summit-auto-group desktop: a second click closes, also after a hover opened the menu", async () => {
    const { page, errors } = await open("summit-auto-group", "/", DESKTOP);
    const nav = page.getByRole("navigation", { name: "Main" });
    const vehicles = nav.getByRole("button", { name: "Vehicles" });
    await vehicles.click();
    await expect(vehicles.getAttribute("aria-expanded")).resolves.toBe("true");
    await vehicles.click();
    await expect(vehicles.getAttribute("aria-expanded")).resolves.toBe("false");
    await expect(nav.getByRole("link", { name: "Used cars" }).isVisible()).resolves.toBe(false);
    const more = nav.getByRole("button", { name: "More" });
    await more.hover();
    await expect(more.getAttribute("aria-expanded")).resolves.toBe("true");
    await more.click();
    await expect(more.getAttribute("aria-expanded")).resolves.toBe("true");
    await more.click();
    await expect(more.getAttribute("aria-expanded")).resolves.toBe("false");
    expect(errors).toEqual([]);
    await page.close();
  });
  it("summit-auto-group phone: a tap opens a dropdown and a second tap closes it", async () => {
    const { page, errors } = await open("summit-auto-group", "/", PHONE);
    await page.getByRole("button", { name: "Menu" }).tap();
    const service = page.getByRole("button", { name: "Service and Parts" });
    await service.tap();
    await expect(service.getAttribute("aria-expanded")).resolves.toBe("true");
    await page.getByRole("link", { name: "Book a Service" }).first().waitFor();
    await service.tap();
    await expect(service.getAttribute("aria-expanded")).resolves.toBe("false");
    expect(errors).toEqual([]);
    await page.close();
  });
  it("/contact-us shows no Contact link (harbour-city-motors' Contact, summit-auto-group's Contact Us)", async () => {
    const harbour = await open("harbour-city-motors", "/contact-us", DESKTOP);
    const nav = harbour.page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Search" }).waitFor();
    await expect(nav.getByRole("link", { name: "Contact" }).count()).resolves.toBe(0);
    await harbour.page.close();
    const summit = await open("summit-auto-group", "/contact-us", DESKTOP);
    const summitNav = summit.page.getByRole("navigation", { name: "Main" });
    await summitNav.getByRole("button", { name: "More" }).click();
    await expect(summitNav.getByRole("link", { name: /^Contact/ }).count()).resolves.toBe(0);
    expect([...harbour.errors, ...summit.errors]).toEqual([]);
    await summit.page.close();
  });
});

describe("every review reachable, by page and by location", () => {
  for (const [site, size] of [["summit-auto-group", PHONE], ["harbour-city-motors", DESKTOP]] as const) {
    it(`${site}: More reviews pages on past the first twelve; the location filter narrows them`, async () => {
      const { page, errors } = await openPage(browser, site, "/pages/reviews", size);
      const reviews = page.locator("#slot-reviews");
      const pager = reviews.getByRole("navigation", { name: "Reviews pages" });
      const status = async () => /Page (\d+) of (\d+) \(([\d,]+) reviews/.exec((await pager.textContent()) ?? "")?.slice(1) ?? [];
      const [, pages, total] = await status();
      expect(Number(pages)).toBeGreaterThan(2);
      expect(await reviews.locator(".review-card").count()).toBe(12);
      const firstNames = await reviews.locator(".review-card").allTextContents();
      await pager.getByRole("link", { name: "More reviews" }).click();
      await page.waitForURL(/page=2/);
      await expect.poll(async () => (await status())[0]).toBe("2");
      expect(await reviews.locator(".review-card").allTextContents()).not.toEqual(firstNames);
      await page.goto(siteUrl(site, `/pages/reviews?page=${pages}`));
      await expect.poll(async () => (await status())[0]).toBe(pages);
      await expect(pager.getByRole("link", { name: "More reviews" }).count()).resolves.toBe(0);
      const select = reviews.getByLabel("Location");
      await select.selectOption({ index: 1 });
      await page.waitForURL(/location=/);
      await expect.poll(async () => Number((await status())[2]?.replace(/,/g, ""))).toBeLessThan(Number(total?.replace(/,/g, "")));
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});

describe("each location card says whether it is open now, on the location's clock", () => {
  const STATUS = /^(Open now · closes \d{1,2}:\d{2} (AM|PM)|Closed · opens (tomorrow |[A-Z][a-z]+day )?\d{1,2}:\d{2} (AM|PM))$/;
  for (const site of ["harbour-city-motors", "metro-certified"]) {
    it(`${site}: "Open now · closes 5:30 PM" or when it opens next`, async () => {
      const { page, errors } = await openPage(browser, site, "/dealer-locator", DESKTOP);
      const cards = page.locator("#slot-locations .location-card");
      const texts = await cards.locator(".location-card__status").allTextContents();
      expect(texts.length).toBe(await cards.count());
      for (const text of texts) expect(text).toMatch(STATUS);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
