import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newClient } from "../support/accounts";
import { query } from "../support/db";
import { operatorApi } from "../support/operator";
import { launchChromium, siteUrl } from "../support/platform";
import { inviteByOperator, newStaffEmail, staffSignInOnPage } from "../support/staff";

/**
 * Issue 36 in a browser: a dealer admin's settings page offers the site's own secret slots, never a name to type, and
 * refuses a provider address outside the operator's list with the reason. (A crafted post naming a Worker variable is
 * refused too: tests/http/secrets-tenancy.test.ts.)
 */
const SITES = ["harbour-city-motors", "summit-auto-group"] as const;
const configVersion = (site: string) => query<{ config_version: number }>(`SELECT config_version FROM sites WHERE slug = '${site}'`)[0]?.config_version ?? -1;

describe("secret slots on the dealer's settings page", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(SITES)("%s: secrets are chosen from the site's own slots; an address outside the providers' list is refused on the page", { timeout: 90_000 }, async (site) => {
    const dealership = query<{ slug: string }>(`SELECT slug FROM dealerships WHERE site = '${site}' ORDER BY id LIMIT 1`)[0]?.slug ?? "";
    const email = newStaffEmail("admin");
    expect((await inviteByOperator(site, { dealership, email, role: "admin" })).status).toBe(201);
    const page = await (await browser.newContext({ extraHTTPHeaders: newClient() })).newPage();
    await staffSignInOnPage(page, site, email);
    const before = configVersion(site);

    expect((await operatorApi("PUT", `/sites/${site}/secrets/console-mail-key`, { value: "re_console_test" })).status).toBe(200);
    await page.goto(siteUrl(site, "/dealer/config"));
    const slotOptions = await page.locator("#config-shopperEmail-apiKeySlot option").allTextContents();
    expect(slotOptions).toContain("console-mail-key");
    expect(slotOptions.some((option) => /[A-Z]{2,}_/.test(option))).toBe(false);
    expect(await page.content()).not.toContain("re_console_test");

    await page.locator("#config-shopperEmail-provider").selectOption("http");
    await page.locator("#config-shopperEmail-url").fill("https://collector.example/keys");
    await page.locator("#config-shopperEmail-apiKeySlot").selectOption("console-mail-key");
    await page.locator("#config-shopperEmail-from").fill("Dealer <no-reply@dealer.example>");
    await page.getByRole("button", { name: "Publish" }).click();
    await expect.poll(() => page.locator("#form-errors").textContent()).toContain("Choose one of the mail providers the platform allows");
    expect(configVersion(site)).toBe(before);
    await page.context().close();
    await operatorApi("DELETE", `/sites/${site}/secrets/console-mail-key`);
  });
});
