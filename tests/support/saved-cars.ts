import type { Browser, BrowserContext, Page } from "playwright-core";
import { siteUrl, waitForHydration, waitForSlot, watchConsole } from "./platform";

/** A fresh device (its own storage) and one hydrated page on it; `errors` collects console errors. */
export async function openOnNewDevice(browser: Browser, site: string, path: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const { page, errors } = await openIn(context, site, path);
  return { context, page, errors };
}

/** Another page (a tab) of the same device. */
export async function openIn(context: BrowserContext, site: string, path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors = watchConsole(page);
  await page.goto(siteUrl(site, path), { waitUntil: "domcontentloaded" });
  await waitForHydration(page);
  if (path.startsWith("/cars/")) await waitForSlot(page, "vehicle");
  return { page, errors };
}

/** In-stock result cards of a search page that offer the toggle (favourite or compare). */
export const cardsWith = (page: Page, kind: "favourite" | "compare") => page.locator(`.search-results .card:has(.saved-toggle--${kind})`);
export const toggleIn = (scope: ReturnType<Page["locator"]>, kind: "favourite" | "compare") => scope.locator(`.saved-toggle--${kind}`).first();
export const pressed = async (toggle: ReturnType<Page["locator"]>) => (await toggle.getAttribute("aria-pressed")) === "true";
