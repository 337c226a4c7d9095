import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newClient } from "../support/accounts";
import { axeViolations } from "../support/axe";
import { launchChromium, siteUrl } from "../support/platform";
import { demoStaffAdminEmail, inviteByOperator, newStaffEmail, staffSignInOnPage } from "../support/staff";

const SITE = "coastal-caravans";

/** The page's text after a reload (the shopper's view of the published site). */
async function reloadedText(page: Page): Promise<string | null> {
  await page.reload();
  return page.locator("body").textContent();
}

const signInOnPage = (page: Page, email: string) => staffSignInOnPage(page, SITE, email);

describe("the dealer pages in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("the demo admin signs in by e-mailed code, previews a draft only they see, publishes it and rolls it back", { timeout: 120_000 }, async () => {
    const admin = await (await browser.newContext({ extraHTTPHeaders: newClient() })).newPage();
    const shopper = await (await browser.newContext({ extraHTTPHeaders: newClient() })).newPage();
    await signInOnPage(admin, demoStaffAdminEmail(SITE));
    expect(await axeViolations(admin)).toEqual([]);
    // No script on the dealer pages: nothing of the shoppers' bundles, and no key anywhere in the browser.
    expect(await admin.locator("script").count()).toBe(0);
    const cookies = await admin.context().cookies();
    expect(cookies.map((cookie) => cookie.name)).toContain("__Host-staff");
    expect(cookies.find((cookie) => cookie.name === "__Host-staff")).toMatchObject({ httpOnly: true, secure: true, sameSite: "Strict" });

    await admin.getByRole("link", { name: "Configuration" }).click();
    const hero = admin.locator("#config-home-heroText");
    await hero.waitFor();
    expect(await admin.locator('[data-config-field="home.heroText"] small').textContent()).toBe("Default: (none)");
    const heroText = `Caravans ${randomUUID().slice(0, 8)}`;

    // A bad value is refused with the field's error; nothing is saved.
    await admin.locator("#config-search-hitsPerPage").fill("many");
    await hero.fill(heroText);
    await admin.getByRole("button", { name: "Publish", exact: true }).click();
    await expect.poll(() => admin.locator('[data-field-error="search.hitsPerPage"]').textContent()).toContain("Enter a number");
    await admin.locator("#config-search-hitsPerPage").fill("21");
    await hero.fill(heroText);

    await admin.getByRole("button", { name: "Preview", exact: true }).click();
    await admin.getByText("Draft saved").waitFor();
    await admin.goto(siteUrl(SITE, "/"));
    expect(await admin.locator("body").textContent()).toContain(heroText);
    await shopper.goto(siteUrl(SITE, "/"));
    expect(await shopper.locator("body").textContent()).not.toContain(heroText);

    await admin.goto(siteUrl(SITE, "/dealer/config"));
    await admin.getByRole("button", { name: "Publish", exact: true }).click();
    await admin.getByText(/Published as version \d+/).waitFor();
    const published = Number(/Published as version (\d+)/.exec((await admin.locator("body").textContent()) ?? "")?.[1]);
    await expect.poll(() => reloadedText(shopper), { timeout: 15_000, interval: 500 }).toContain(heroText);

    await admin.getByRole("button", { name: `Roll back to version ${published - 1}` }).click();
    await admin.getByText(`Rolled back to version ${published - 1}`).waitFor();
    await expect.poll(() => reloadedText(shopper), { timeout: 15_000, interval: 500 }).not.toContain(heroText);
  });

  it("a salesperson's pages offer the leads, insights and stock, not configuration or staff", { timeout: 60_000 }, async () => {
    const email = newStaffEmail("salesperson");
    expect((await inviteByOperator(SITE, { dealership: SITE, email, role: "salesperson" })).status).toBe(201);
    const page = await (await browser.newContext({ extraHTTPHeaders: newClient() })).newPage();
    await signInOnPage(page, email);
    const nav = page.getByRole("navigation", { name: "Dealer pages" });
    expect(await nav.getByRole("link").allTextContents()).toEqual(["Leads", "Insights", "Stock"]);
    const refused = await page.goto(siteUrl(SITE, "/dealer/config"));
    expect(refused?.status()).toBe(403);
    expect(await page.getByRole("alert").textContent()).toBe("Your role does not allow this.");
  });
});
