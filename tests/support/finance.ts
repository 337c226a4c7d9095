import { resolveSiteConfig, type SiteConfig } from "@dealer/shared/config";
import type { Page } from "playwright-core";
import { waitForSlot } from "./platform";
import { DEMO_SITES } from "../../db/demo/sites";

/** A demo site's resolved configuration, as the platform serves it. */
export function demoConfig(slug: string): SiteConfig {
  const site = DEMO_SITES.find((candidate) => candidate.slug === slug);
  if (!site) throw new Error(`no demo site ${slug}`);
  return resolveSiteConfig(slug, site.config as Record<string, unknown>);
}

/** The analytics events the page has recorded (the finance calculator pushes to dataLayer). */
export function analyticsEvents(page: Page): Promise<{ eventId: number }[]> {
  return page.evaluate(() => ((window as unknown as { dataLayer?: { eventId: number }[] }).dataLayer ?? []).filter((event) => "eventId" in event));
}

/** Text a shopper should never see from bad input. */
export const BROKEN_NUMBER = /NaN|Infinity|undefined/;

/** Waits for the slot holding `selector` to hydrate, whatever the page's plan calls that slot. */
export async function waitForSlotWith(page: Page, selector: string): Promise<void> {
  const slot = await page.locator(`[data-slot]:has(${selector})`).getAttribute("data-slot");
  if (!slot) throw new Error(`no slot holds ${selector}`);
  await waitForSlot(page, slot);
}
