import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { query } from "../support/db";
import { codeFromOutbox, newClient, newMobile, postJson } from "../support/accounts";
import { axeViolations } from "../support/axe";
import { launchChromium, siteUrl, waitForHydration, waitForSlot, watchConsole } from "../support/platform";

const SITE = "harbour-city-motors";

type Car = { id: number; slug: string; name: string };
function carWhere(condition: string): Car {
  const [car] = query<Car>(
    `SELECT id, slug, json_extract(data, '$.name') AS name FROM vehicles WHERE site = '${SITE}' AND json_extract(data, '$.show_on_dealer_website') != 0 AND ${condition} ORDER BY id LIMIT 1`,
  );
  if (!car) throw new Error(`no car where ${condition}`);
  return car;
}

/** A browser context signed in as a new shopper: the page itself calls the sign-in API, so Chromium keeps the cookie. */
async function signedInContext(browser: Browser): Promise<{ context: BrowserContext; cookie: string; phone: string }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, extraHTTPHeaders: newClient() });
  const page = await context.newPage();
  await page.goto(siteUrl(SITE, "/sign-in"));
  const phone = newMobile();
  const call = (path: string, body: Record<string, string>) =>
    page.evaluate(async ([url, json]) => (await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: json })).status, [path, JSON.stringify(body)] as const);
  expect(await call("/api/auth/request-code", { phone })).toBe(200);
  expect(await call("/api/auth/verify", { phone, code: await codeFromOutbox(SITE, phone) })).toBe(200);
  const session = (await context.cookies(siteUrl(SITE))).find((cookie) => cookie.name === "__Host-session");
  if (!session) throw new Error("Chromium kept no session cookie");
  await page.close();
  return { context, cookie: `${session.name}=${session.value}`, phone };
}

const toasts = (page: Page) => page.locator(".shell-toast__box");

describe("watchlist in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("signed out, the watchlist button goes to sign-in and back to the page", { timeout: 60_000 }, async () => {
    const page = await browser.newPage();
    await page.goto(siteUrl(SITE, "/search"));
    await waitForHydration(page);
    await page.locator(".card__watchlist").first().click();
    await page.waitForURL((url) => url.pathname === "/sign-in");
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ type: "watchlist", redirect: "/search", back: "/search" });
    await page.close();
  });

  it("saves and removes from the vehicle page with one toast at a time; the watchlist page lists it", { timeout: 90_000 }, async () => {
    const car = carWhere("status = 'in_stock'");
    const { context } = await signedInContext(browser);
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto(siteUrl(SITE, `/cars/${car.slug}`));
    await waitForHydration(page);
    await waitForSlot(page, "vehicle");
    const button = page.locator("#slot-vehicle").getByRole("button", { name: `Watchlist: ${car.name}`, exact: true });
    expect(await button.getAttribute("aria-pressed")).toBe("false");

    await button.click();
    expect(await button.getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => toasts(page).count()).toBe(1);
    expect(await page.locator(".shell-toast__title").textContent()).toBe("Car Saved In Watchlist");
    expect(await page.locator(".shell-toast__body").textContent()).toBe(`${car.name} is now available in your watchlist`);
    expect(await page.getByRole("link", { name: "View List" }).getAttribute("href")).toBe("/watchlist");

    await button.click();
    expect(await button.getAttribute("aria-pressed")).toBe("false");
    await expect.poll(() => page.locator(".shell-toast__title").textContent()).toBe("Car Removed");
    expect(await toasts(page).count()).toBe(1);
    expect(await page.locator(".shell-toast__body").textContent()).toBe(`${car.name} is no longer in your watchlist`);

    await button.click();
    await expect.poll(() => page.locator(".shell-toast__title").textContent()).toBe("Car Saved In Watchlist");
    await page.getByRole("link", { name: "View List" }).click();
    await page.waitForURL(siteUrl(SITE, "/watchlist"));
    await waitForHydration(page);
    const listed = page.locator(".garage__car", { hasText: car.name });
    expect(await listed.count()).toBe(1);
    // A price says what it is (ACL s48): Drive Away or what it excludes, or a weekly subscription; else its words.
    expect(await listed.locator(".garage__price").textContent()).toMatch(/^\$[\d,]+( (Drive Away|Excl\. Government Charges|Excl\. GST)|\/wk Weekly subscription)$|^[A-Za-z]/);
    expect(await axeViolations(page)).toEqual([]);
    // Removing it here takes it off the list at once.
    await listed.getByRole("button", { name: `Watchlist: ${car.name}` }).click();
    await expect.poll(() => page.locator(".garage__car", { hasText: car.name }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a card's button saves at once and stays saved after a reload (rendered on the server)", { timeout: 90_000 }, async () => {
    const { context } = await signedInContext(browser);
    const page = await context.newPage();
    await page.goto(siteUrl(SITE, "/search"));
    await waitForHydration(page);
    const href = (await page.locator(".card").first().locator("a.card__link").getAttribute("href")) ?? "";
    const button = () => page.locator(".card", { has: page.locator(`a.card__link[href="${href}"]`) }).locator(".card__watchlist");
    await button().click();
    // The first click loads the cards' code and is replayed on the rendered card (ADR 0097).
    await expect.poll(() => button().getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => page.locator(".shell-toast__title").textContent()).toBe("Car Saved In Watchlist");
    await page.reload({ waitUntil: "domcontentloaded" });
    expect(await button().getAttribute("aria-pressed")).toBe("true");
    await waitForHydration(page);
    expect(await button().getAttribute("aria-pressed")).toBe("true");
    await context.close();
  });

  it("a failed server call puts the list back and alerts the error", { timeout: 60_000 }, async () => {
    const car = carWhere("status = 'in_stock'");
    const { context, cookie } = await signedInContext(browser);
    const page = await context.newPage();
    await page.goto(siteUrl(SITE, `/cars/${car.slug}`));
    await waitForHydration(page);
    await waitForSlot(page, "vehicle");
    // The session ends on the server (signed out elsewhere) while the page still shows the shopper signed in.
    expect((await postJson(SITE, "/api/auth/sign-out", {}, { cookie })).status).toBe(200);
    const alerts: string[] = [];
    page.on("dialog", (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    const button = page.locator("#slot-vehicle").getByRole("button", { name: `Watchlist: ${car.name}`, exact: true });
    await button.click();
    await expect.poll(() => alerts).toEqual(["Please sign in to save cars to your watchlist."]);
    expect(await button.getAttribute("aria-pressed")).toBe("false");
    expect(await toasts(page).count()).toBe(0);
    await context.close();
  });

  it("a sold car shows the button only if it is already saved, and the watchlist marks it sold", { timeout: 60_000 }, async () => {
    const sold = carWhere("status = 'sold'");
    const { context, cookie, phone } = await signedInContext(browser);
    const page = await context.newPage();
    await page.goto(siteUrl(SITE, `/cars/${sold.slug}`));
    await waitForHydration(page);
    expect(await page.getByRole("button", { name: `Watchlist: ${sold.name}` }).count()).toBe(0);
    // Saved while it was still for sale (here: straight through the API).
    expect((await postJson(SITE, "/api/watchlist/save-car", { phone_number: phone, car_id: sold.id }, { cookie })).status).toBe(200);
    await page.reload();
    await waitForHydration(page);
    expect(await page.getByRole("button", { name: `Watchlist: ${sold.name}` }).getAttribute("aria-pressed")).toBe("true");
    await page.goto(siteUrl(SITE, "/watchlist"));
    const listed = page.locator(".garage__car", { hasText: sold.name });
    expect(await listed.locator(".garage__state").textContent()).toBe("Sold");
    await page.goto(siteUrl(SITE, "/my-garage"));
    await waitForHydration(page);
    expect(await page.locator("#watchlist + ul .garage__car", { hasText: sold.name }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    // Alerts: turned on here (a plain form post), then the unsubscribe page passes axe too.
    await page.getByRole("button", { name: "Turn alerts on" }).click();
    await page.getByText("Alerts are on").waitFor();
    await page.goto(siteUrl(SITE, "/pages/unsubscribe?done=1"));
    await waitForHydration(page);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
