import type { Browser, Page } from "playwright-core";
import type { StoredPhotoEntry } from "@dealer/shared/media";
import { query } from "./db";
import { siteUrl, waitForHydration, waitForSlot, watchConsole } from "./platform";

/**
 * The path of a shown car of the site matching an SQL condition on the vehicles row (its JSON is `data`),
 * so a test names the kind of car it is about rather than a seeded slug.
 */
export function carPath(site: string, condition: string): string {
  const sql = `SELECT slug FROM vehicles WHERE site = '${site}' AND json_extract(data, '$.show_on_dealer_website') != 0 AND (${condition}) ORDER BY id LIMIT 1`;
  const [row] = withRetry(() => query<{ slug: string }>(sql));
  if (!row) throw new Error(`no car on ${site} where ${condition}`);
  return `/cars/${row.slug}`;
}

/** A car's stored photo entries (the platform's record: its held copies and what it knows of each), by slug. */
export function carImages(site: string, slug: string): StoredPhotoEntry[] {
  const [row] = withRetry(() => query<{ images: string }>(`SELECT json_extract(data, '$.images') AS images FROM vehicles WHERE site = '${site}' AND slug = '${slug}'`));
  return JSON.parse(row?.images ?? "[]") as StoredPhotoEntry[];
}

/** The local database is shared with the running Workers; a read that meets a write is tried again. */
function withRetry<T>(read: () => T, attempts = 3): T {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return read();
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
  }
}

/** Conditions for the kinds of car the vehicle page tests need. */
export const cars = {
  inStock: "status = 'in_stock'",
  withSpin: "status = 'in_stock' AND json_array_length(json_extract(data, '$.spin_images')) > 0",
  withEmbedVideo: "status = 'in_stock' AND json_extract(data, '$.external_video_url') IS NOT NULL",
  /** A dealer-hosted video the gateway serves (ADR 0054), played natively. */
  withNativeVideo: "status = 'in_stock' AND json_extract(data, '$.video_url') IS NOT NULL",
  manyImages: "status = 'in_stock' AND json_array_length(json_extract(data, '$.images')) > 3 AND json_array_length(json_extract(data, '$.spin_images')) = 0",
  fewImages: "status = 'in_stock' AND json_array_length(json_extract(data, '$.images')) BETWEEN 2 AND 3 AND json_array_length(json_extract(data, '$.spin_images')) = 0",
  sold: "status = 'sold'",
  testDriveOnly: "status = 'in_stock' AND json_extract(data, '$.tag') = 'Test Drive Only'",
  offerPrice: "status = 'in_stock' AND json_extract(data, '$.offer_price') > 10 AND json_extract(data, '$.before_price') > json_extract(data, '$.offer_price')",
  noPrice: "status = 'in_stock' AND json_extract(data, '$.price') IS NULL AND json_extract(data, '$.offer_price') IS NULL AND coalesce(json_extract(data, '$.subscription_price'), 0) = 0",
  withHistory: "status = 'in_stock' AND json_extract(data, '$.file') IS NOT NULL",
  checkout: "status = 'in_stock' AND json_extract(data, '$.checkout_enabled') = 1 AND coalesce(json_extract(data, '$.tag'), '') != 'Test Drive Only'",
  manyFeatures: "status = 'in_stock' AND json_array_length(json_extract(data, '$.standardEquipment')) > 8",
} as const;

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 900 };
/** The demo's walkaround videos embed from the video service, which the test machine cannot reach. */
export const OFFLINE_EMBEDS = [/youtube/i, /ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION/];

/** A car page in a context of its own, once its vehicle slot has hydrated; `errors` collects console errors. */
export async function openCar(
  browser: Browser,
  site: string,
  path: string,
  /** `beforeLoad`: listeners that must hear the page's own first requests (a video's metadata is fetched at load). */
  options: { viewport?: { width: number; height: number }; touch?: boolean; beforeLoad?: (page: Page) => void } = {},
): Promise<{ page: Page; errors: string[] }> {
  const touch = options.touch ?? false;
  const context = await browser.newContext({ viewport: options.viewport ?? DESKTOP, hasTouch: touch, isMobile: touch });
  const page = await context.newPage();
  const errors = watchConsole(page, OFFLINE_EMBEDS);
  options.beforeLoad?.(page);
  // The DOM, not every image: a loaded machine can take long over the lazy ones.
  await page.goto(siteUrl(site, path), { waitUntil: "domcontentloaded" });
  await waitForHydration(page);
  await waitForSlot(page, "vehicle");
  return { page, errors };
}
