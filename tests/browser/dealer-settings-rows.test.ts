import { BUTTON_KINDS, LINK_MESSAGES, resolveSiteConfig } from "@dealer/shared/config";
import { themePalette } from "@dealer/shared/rules";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { query } from "../support/db";
import { launchChromium, siteUrl } from "../support/platform";
import { CONSOLE_SITES, checkConsolePage, consolePage } from "../support/staff";

/**
 * Issue 31: the settings editor's navigation links are rows (add, remove, move; a header link's menu too) and the car
 * page's buttons are boxes, in a form that works without script: a refused publish keeps every typed row with each
 * problem beside its input; a preview stores exactly the rows as typed. The console wears the site's own colours.
 * Nothing here publishes: the site's settings are as they were after the test.
 */

type SiteTemplate = Parameters<typeof resolveSiteConfig>[2];
const siteConfig = (site: string) => {
  const row = query<{ template: string; config: string }>(`SELECT template, config FROM sites WHERE slug = '${site}'`)[0];
  if (!row) throw new Error(`no site ${site}`);
  return resolveSiteConfig(site, JSON.parse(row.config) as Record<string, unknown>, row.template as SiteTemplate);
};
const dealershipOf = (site: string) => query<{ slug: string }>(`SELECT slug FROM dealerships WHERE site = '${site}' ORDER BY id LIMIT 1`)[0]?.slug ?? "";
const input = (page: Page, path: string) => page.locator(`#config-${path.replace(/\./g, "-")}`);
const rowLabels = (page: Page) => page.locator('[data-rows="navigation.links"] > ol > li > fieldset > .field:first-of-type input').evaluateAll((inputs) => inputs.map((each) => (each as HTMLInputElement).value));

describe("the settings editor's rows, in Chromium at a phone's width", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const { site } of CONSOLE_SITES) {
    it(`${site}: links added, moved and removed keep what was typed; a refusal marks each bad input; a preview stores the rows; the console wears the site's colours`, { timeout: 180_000 }, async () => {
      const config = siteConfig(site);
      const links = config.navigation.links;
      const version = query<{ config_version: number }>(`SELECT config_version FROM sites WHERE slug = '${site}'`)[0]?.config_version;
      const admin = await consolePage(browser, site, dealershipOf(site), "admin");
      const { page } = admin;

      // The site's own colours, made AA-safe as on its shopper pages.
      const palette = themePalette(config.theme);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--brand-primary").trim())).toBe(palette.primary);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--brand-accent").trim())).toBe(palette.accent);

      await page.goto(siteUrl(site, "/dealer/config"));
      await checkConsolePage(page);
      expect(await rowLabels(page)).toEqual(links.map((link) => link.label));
      const withMenu = links.findIndex((link) => link.children?.length);
      if (withMenu >= 0) expect(await input(page, `navigation.links.${withMenu}.children.0.href`).inputValue()).toBe(links[withMenu]?.children?.[0]?.href);
      for (const [kind, words] of Object.entries(BUTTON_KINDS)) expect(await page.getByLabel(words, { exact: true }).isChecked(), kind).toBe((config.vehicle.buttonSet as string[]).includes(kind));

      // Add a link: the new row comes back focused, the other typed values kept (the page was reloaded, no script).
      const hero = `Hero ${Date.now()}`;
      await input(page, "home.heroText").fill(hero);
      await page.getByRole("button", { name: "Add a link", exact: true }).click();
      const added = links.length;
      await input(page, `navigation.links.${added}.label`).waitFor();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(`config-navigation-links-${added}-label`);
      expect(await input(page, "home.heroText").inputValue()).toBe(hero);
      await input(page, `navigation.links.${added}.label`).fill("Valuations");
      // Move it up one place: it keeps its words, and has the focus there.
      await page.getByRole("button", { name: `Move up link ${added + 1}`, exact: true }).click();
      await input(page, `navigation.links.${added - 1}.label`).waitFor();
      expect(await input(page, `navigation.links.${added - 1}.label`).inputValue()).toBe("Valuations");
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(`config-navigation-links-${added - 1}-label`);
      await input(page, "navigation.links.0.href").fill("javascript:alert(1)");

      // Publish is refused: each problem beside its input, marked, in plain words; every typed value kept.
      await page.getByRole("button", { name: "Publish", exact: true }).click();
      await page.locator('[data-field-error="navigation.links.0.href"]').waitFor();
      expect(await page.locator('[data-field-error="navigation.links.0.href"]').textContent()).toBe(LINK_MESSAGES.href);
      expect(await page.locator(`[data-field-error="navigation.links.${added - 1}.href"]`).textContent()).toBe(LINK_MESSAGES.href);
      for (const path of ["navigation.links.0.href", `navigation.links.${added - 1}.href`]) expect(await input(page, path).getAttribute("aria-invalid"), path).toBe("true");
      expect(await input(page, `navigation.links.${added - 1}.label`).getAttribute("aria-invalid")).toBeNull();
      expect(await input(page, "navigation.links.0.href").inputValue()).toBe("javascript:alert(1)");
      expect(await input(page, `navigation.links.${added - 1}.label`).inputValue()).toBe("Valuations");
      expect(await input(page, "home.heroText").inputValue()).toBe(hero);
      expect(await page.getByRole("alert").textContent()).toContain("navigation links: link 1, where it goes:");
      await checkConsolePage(page);
      expect(query<{ config_version: number }>(`SELECT config_version FROM sites WHERE slug = '${site}'`)[0]?.config_version).toBe(version);

      // Corrected, the last link removed and the trade-in button unticked: the preview's draft holds exactly that.
      await input(page, "navigation.links.0.href").fill(links[0]?.href ?? "/");
      await input(page, `navigation.links.${added - 1}.href`).fill("/sell-my-car");
      await page.getByRole("button", { name: `Remove link ${added + 1}`, exact: true }).click();
      await input(page, `navigation.links.${added - 1}.label`).waitFor();
      expect(await input(page, `navigation.links.${added}.label`).count()).toBe(0);
      await page.getByLabel(BUTTON_KINDS.tradeIn, { exact: true }).setChecked(false);
      await page.getByRole("button", { name: "Preview", exact: true }).click();
      await page.getByRole("status").filter({ hasText: "Draft saved" }).waitFor();
      const draft = query<{ config: string }>(`SELECT d.config FROM site_config_drafts d JOIN staff_members s ON s.id = d.staff_id WHERE d.site = '${site}' AND s.email = '${admin.email}'`)[0];
      const drafted = resolveSiteConfig(site, JSON.parse(draft?.config ?? "{}") as Record<string, unknown>, query<{ template: SiteTemplate }>(`SELECT template FROM sites WHERE slug = '${site}'`)[0]?.template);
      // The new link moved above the last one, which was then removed: it is last.
      expect(drafted.navigation.links).toEqual([...links.slice(0, -1), { label: "Valuations", href: "/sell-my-car" }]);
      expect(drafted.vehicle.buttonSet).toEqual((config.vehicle.buttonSet as string[]).filter((kind) => kind !== "tradeIn"));
      await page.getByRole("button", { name: "End preview and discard the draft" }).click();
      await page.getByRole("status").filter({ hasText: "Preview ended" }).waitFor();
      expect(query<{ config_version: number }>(`SELECT config_version FROM sites WHERE slug = '${site}'`)[0]?.config_version).toBe(version);
      await page.context().close();
    });
  }
});
