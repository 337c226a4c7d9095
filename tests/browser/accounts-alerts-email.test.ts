import { randomUUID } from "node:crypto";
import { alertsOnText, EMAIL_CONFIRMED_MESSAGE, WRONG_EMAIL_CODE_MESSAGE } from "@dealer/shared/rules";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeFromEmailOutbox, newClient, signInOnPage } from "../support/accounts";
import { axeViolations } from "../support/axe";
import { launchChromium, siteUrl, waitForHydration, watchConsole } from "../support/platform";

const SITE = "harbour-city-motors";

describe("alerts by e-mail in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("My garage confirms an e-mail address with an e-mailed code, then turns alerts on by e-mail", { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ extraHTTPHeaders: newClient() });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto(siteUrl(SITE, "/my-garage"));
    await signInOnPage(page, SITE, siteUrl(SITE, "/my-garage"));
    await waitForHydration(page);
    // E-mail is offered only once an address is confirmed.
    expect(await page.getByRole("radio", { name: /^E-mail/ }).isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    const email = `garage-${randomUUID()}@example.com`;
    await page.getByLabel("E-mail address for alerts").fill(email);
    await page.getByRole("button", { name: "Send me a code" }).click();
    await page.getByText(`We sent a code to ${email}.`).waitFor();
    const code = await codeFromEmailOutbox(SITE, email);
    await page.getByLabel(`Code we e-mailed to ${email}`).fill(String((Number(code) + 1) % 1_000_000).padStart(6, "0"));
    await page.getByRole("button", { name: "Confirm e-mail" }).click();
    await page.getByRole("alert").getByText(WRONG_EMAIL_CODE_MESSAGE).waitFor();
    await waitForHydration(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel(`Code we e-mailed to ${email}`).fill(code);
    await page.getByRole("button", { name: "Confirm e-mail" }).click();
    await page.getByText(EMAIL_CONFIRMED_MESSAGE).waitFor();
    await page.getByText(`Your confirmed e-mail: ${email}`).waitFor();

    await page.getByRole("radio", { name: new RegExp(`^E-mail ${email}`) }).check();
    await page.getByRole("button", { name: "Turn alerts on" }).click();
    await page.getByText(alertsOnText("email")).waitFor();
    await waitForHydration(page);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
