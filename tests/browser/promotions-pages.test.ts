import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInOnPage } from "../support/accounts";
import { shopperPage } from "../support/leads";
import { launchChromium, siteUrl } from "../support/platform";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe("gated pages exist behind their gate (issue 23, ADR 0040)", () => {
  for (const site of ["harbour-city-motors", "summit-auto-group"]) {
    it(`${site}: /spin-to-win asks to sign in, then shows the promotion and its terms; one spin, its result kept`, async () => {
      const page = await shopperPage(browser);
      await page.goto(siteUrl(site, "/spin-to-win"));
      await page.waitForURL(/\/sign-in\?type=spin-to-win/);
      await signInOnPage(page, site, siteUrl(site, "/spin-to-win"));
      await page.getByRole("heading", { level: 1, name: "Spin to win" }).waitFor();
      await page.getByText("Promotion terms").waitFor();
      await page.getByText(/One entry per person, signed in/).waitFor();
      await page.getByLabel("I agree to the promotion's terms").check();
      await page.getByRole("button", { name: "Spin the wheel" }).click();
      await page.waitForURL(siteUrl(site, "/spin-to-win"));
      const prize = await page.locator(".spin-to-win__prize").textContent();
      expect(prize).toMatch(/voucher|detail|service|alignment|luck/);
      // One entry: no second spin is offered, and reloading shows the same result.
      expect(await page.getByRole("button", { name: "Spin the wheel" }).count()).toBe(0);
      await page.reload();
      expect(await page.locator(".spin-to-win__prize").textContent()).toBe(prize);
      await page.context().close();
    });

    it(`${site}: /online-payment asks to sign in, then pays a service invoice through the dealer's processor`, async () => {
      const page = await shopperPage(browser);
      await page.goto(siteUrl(site, "/online-payment"));
      await page.waitForURL(/\/sign-in\?type=online-payment/);
      await signInOnPage(page, site, siteUrl(site, "/online-payment"));
      await page.getByRole("heading", { level: 1, name: "Online payment" }).waitFor();
      await page.getByLabel("What are you paying for?").selectOption("service_invoice");
      await page.getByLabel("Reservation reference or invoice number").fill("INV-7731");
      await page.getByLabel("Amount").fill("389.95");
      await page.getByRole("button", { name: "Continue to payment" }).click();
      await page.waitForURL("**/payments/test-processor/**");
      await page.getByLabel("Card number").fill("4242 4242 4242 4242");
      await page.getByRole("button", { name: "Pay $389.95" }).click();
      await page.waitForURL(/\/online-payment\?payment=op_/);
      await page.getByRole("heading", { name: "Payment received" }).waitFor();
      await page.getByText("Service invoice INV-7731").waitFor();
      await page.context().close();
    });
  }
});
