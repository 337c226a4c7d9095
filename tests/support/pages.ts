import type { Browser, Page } from "playwright-core";
import { siteUrl, waitForHydration, watchConsole } from "./platform";

/** The two sizes the issue-13 browser tests cover: a touch phone and a desktop. */
export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
export const DESKTOP = { viewport: { width: 1280, height: 900 } };
export type PageSize = typeof PHONE | typeof DESKTOP;

/** A new page at that size on the site's path, hydrated, with its console errors collected. */
export async function openPage(browser: Browser, site: string, path: string, size: PageSize, allowed: RegExp[] = []): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage(size);
  const errors = watchConsole(page, allowed);
  await page.goto(siteUrl(site, path));
  await waitForHydration(page);
  return { page, errors };
}
