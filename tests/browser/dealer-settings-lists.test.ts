import { FOOTER_LIST, PHONE_LIST, PROMO_LIST, ROW_MESSAGES, resolveSiteConfig } from "@dealer/shared/config";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { query } from "../support/db";
import { launchChromium, siteUrl } from "../support/platform";
import { CONSOLE_SITES, checkConsolePage, consolePage } from "../support/staff";

/**
 * Issue 31 (ADR 0078): footer groups, phone numbers and promo cards are rows like the navigation links (ADR 0073), in
 * a form that works without script: rows added (a group's links too) keep every typed value, a refused publish keeps
 * them with each problem beside its input, and a preview stores exactly the rows as typed. Nothing is published.
 */
type SiteTemplate = Parameters<typeof resolveSiteConfig>[2];
const siteConfig = (site: string, config?: string) => {
  const row = query<{ template: string; config: string }>(`SELECT template, config FROM sites WHERE slug = '${site}'`)[0];
  if (!row) throw new Error(`no site ${site}`);
  return resolveSiteConfig(site, JSON.parse(config ?? row.config) as Record<string, unknown>, row.template as SiteTemplate);
};
const dealershipOf = (site: string) => query<{ slug: string }>(`SELECT slug FROM dealerships WHERE site = '${site}' ORDER BY id LIMIT 1`)[0]?.slug ?? "";
const input = (page: Page, path: string) => page.locator(`#config-${path.replace(/\./g, "-")}`);
const focused = (page: Page) => page.evaluate(() => document.activeElement?.id);

describe("the settings editor's footer groups, phone numbers and promo cards, in Chromium at a phone's width", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const { site } = CONSOLE_SITES[0];
  it(`${site}: rows added keep what was typed; a refusal marks each bad input; a preview stores the rows`, { timeout: 180_000 }, async () => {
    const config = siteConfig(site);
    const version = query<{ config_version: number }>(`SELECT config_version FROM sites WHERE slug = '${site}'`)[0]?.config_version;
    const admin = await consolePage(browser, site, dealershipOf(site), "admin");
    const { page } = admin;
    await page.goto(siteUrl(site, "/dealer/config"));
    await checkConsolePage(page);

    // What is stored is shown as rows.
    const phones = config.navigation.phones;
    for (const [index, phone] of phones.entries()) expect(await input(page, `${PHONE_LIST}.${index}.number`).inputValue()).toBe(phone.number);
    const cards = config.search.promoCards;
    for (const [index, card] of cards.entries()) expect(await input(page, `${PROMO_LIST}.${index}.title`).inputValue()).toBe(card.title);
    const groups = config.navigation.footerGroups ?? [];
    expect(await page.getByLabel("Use the platform's footer, built from your other settings").isChecked()).toBe(config.navigation.footerGroups === null);

    // A footer group, then a link in it: each new row focused, the other typed values kept.
    await page.getByRole("button", { name: "Add a group", exact: true }).click();
    const group = `${FOOTER_LIST}.${groups.length}`;
    await input(page, `${group}.heading`).waitFor();
    expect(await focused(page)).toBe(`config-${group.replace(/\./g, "-")}-heading`);
    // Adding a group makes the footer the site's own.
    expect(await page.getByLabel("Use the platform's footer, built from your other settings").isChecked()).toBe(false);
    await input(page, `${group}.heading`).fill("Help");
    await page.getByRole("button", { name: `Add a link (group ${groups.length + 1})`, exact: true }).click();
    await input(page, `${group}.links.0.label`).waitFor();
    expect(await focused(page)).toBe(`config-${group.replace(/\./g, "-")}-links-0-label`);
    expect(await input(page, `${group}.heading`).inputValue()).toBe("Help");
    await input(page, `${group}.links.0.label`).fill("Contact us");
    await input(page, `${group}.links.0.href`).fill("javascript:alert(1)");

    // A phone number, badly typed.
    await page.getByRole("button", { name: "Add a number", exact: true }).click();
    const phone = `${PHONE_LIST}.${phones.length}`;
    await input(page, `${phone}.label`).waitFor();
    await input(page, `${phone}.label`).fill("Service");
    await input(page, `${phone}.number`).fill("call us");

    // A promo card in a place that is not one, for caravans only.
    await page.getByRole("button", { name: "Add a card", exact: true }).click();
    const card = `${PROMO_LIST}.${cards.length}`;
    await input(page, `${card}.position`).waitFor();
    await input(page, `${card}.position`).fill("200");
    await input(page, `${card}.title`).fill("Finance made simple");
    await input(page, `${card}.text`).fill("Ask us about finance for your next van.");
    await input(page, `${card}.href`).fill("/finance");
    await page.locator(`#config-${card.replace(/\./g, "-")}-itemTypes-caravan`).check();
    // The group's heading and the typed number survived two more row edits.
    expect(await input(page, `${group}.links.0.label`).inputValue()).toBe("Contact us");
    expect(await input(page, `${phone}.number`).inputValue()).toBe("call us");

    // Publish is refused: every problem beside its input and in the summary; every typed value kept.
    const [refused] = await Promise.all([page.waitForResponse((response) => response.request().method() === "POST"), page.getByRole("button", { name: "Publish", exact: true }).click()]);
    expect(refused.status()).toBe(400);
    const problems = { [`${group}.links.0.href`]: ROW_MESSAGES.target, [`${phone}.number`]: ROW_MESSAGES.phone, [`${card}.position`]: ROW_MESSAGES.position };
    for (const [path, message] of Object.entries(problems)) {
      expect(await page.locator(`[data-field-error="${path}"]`).textContent(), path).toBe(message);
      expect(await input(page, path).getAttribute("aria-invalid"), path).toBe("true");
    }
    expect(await input(page, `${group}.heading`).getAttribute("aria-invalid")).toBeNull();
    const summary = (await page.locator("#form-errors").textContent()) ?? "";
    expect(summary).toContain(`footer groups: group ${groups.length + 1}, its link 1, where it goes`);
    expect(summary).toContain(`phone numbers: number ${phones.length + 1}, phone number`);
    expect(summary).toContain(`promo cards: card ${cards.length + 1}, place`);
    expect(await input(page, `${phone}.number`).inputValue()).toBe("call us");
    expect(await input(page, `${card}.position`).inputValue()).toBe("200");
    expect(await page.locator(`#config-${card.replace(/\./g, "-")}-itemTypes-caravan`).isChecked()).toBe(true);
    await checkConsolePage(page);

    // Corrected: the preview's draft holds exactly the rows as typed.
    await input(page, `${group}.links.0.href`).fill("/contact");
    await input(page, `${phone}.number`).fill("07 5555 0199");
    await input(page, `${card}.position`).fill("3");
    await page.getByRole("button", { name: "Preview", exact: true }).click();
    await page.getByRole("status").filter({ hasText: "Draft saved" }).waitFor();
    const draft = query<{ config: string }>(`SELECT d.config FROM site_config_drafts d JOIN staff_members s ON s.id = d.staff_id WHERE d.site = '${site}' AND s.email = '${admin.email}'`)[0];
    const drafted = siteConfig(site, draft?.config ?? "{}");
    expect(drafted.navigation.footerGroups).toEqual([...groups, { heading: "Help", links: [{ label: "Contact us", href: "/contact" }] }]);
    expect(drafted.navigation.phones).toEqual([...phones, { label: "Service", number: "07 5555 0199" }]);
    expect(drafted.search.promoCards).toEqual([...cards, { position: 3, title: "Finance made simple", text: "Ask us about finance for your next van.", href: "/finance", itemTypes: ["caravan"] }]);
    await page.getByRole("button", { name: "End preview and discard the draft" }).click();
    await page.getByRole("status").filter({ hasText: "Preview ended" }).waitFor();
    expect(query<{ config_version: number }>(`SELECT config_version FROM sites WHERE slug = '${site}'`)[0]?.config_version).toBe(version);
    await page.context().close();
  });
});
