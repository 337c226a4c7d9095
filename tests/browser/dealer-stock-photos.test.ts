import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { query } from "../support/db";
import { photoRecord } from "../support/photo-origin";
import { fetchSite, siteUrl } from "../support/platform";
import { CONSOLE_SITES, cardRefs, checkConsolePage, consolePage, firstDealershipKey, photoTestBrowser } from "../support/staff";
import { stockApi } from "../support/stock-api";

/**
 * Issue 31 (ADR 0078): a salesperson finds a car in the console's stock list, uploads real photos to it with the
 * page's plain form (the enhancement's script refused: what a phone gets before it arrives or without script, ADR
 * 0085), and sees them on the public car page; moves one first, writes its alt text and finds it in the
 * car page's img alt; deletes one. Read-only staff see the photos without a control to change them.
 */
/** The car page's gallery alt texts as served (the page is cached by stock version: polled until it shows the change). */
const galleryAlts = async (site: string, slug: string) =>
  [...(await (await fetchSite(site, `/cars/${slug}`)).text()).matchAll(/<img[^>]*alt="([^"]*image \d+ of \d+)"/g)].map((match) => (match[1] ?? "").replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&"));

describe("the console's stock and photos manager, in Chromium at a phone's width", () => {
  const chromium = photoTestBrowser("console-photos-");
  /** A real raster file of the given colour, written where the file chooser can take it. */
  const photoFile = async (name: string, red: number) =>
    chromium.file(name, await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: red, g: 120, b: 60 } } }).png().toBuffer());

  for (const { site } of CONSOLE_SITES) {
    it(`${site}: upload, see on the car page, reorder, alt text, delete; read-only sees no controls`, { timeout: 240_000 }, async () => {
      const key = firstDealershipKey(site);
      const stocknum = `PH-${randomUUID().slice(0, 8)}`.toUpperCase();
      expect((await stockApi(site, key, "/vehicles/batch", { upsert: [photoRecord(stocknum, [], "CX-8")] })).status).toBe(200);
      try {
        const car = query<{ slug: string; dealership: string }>(`SELECT v.slug, d.slug AS dealership FROM vehicles v JOIN dealerships d ON d.id = v.dealership_id WHERE v.site = '${site}' AND v.stocknum = '${stocknum}'`)[0];
        if (!car) throw new Error("the car was not stored");
        const { page } = await consolePage(chromium.browser(), site, car.dealership, "salesperson");
        await page.route("**/photo-upload.js", (route) => route.abort());

        // Found in the stock list by its stock number.
        await page.goto(siteUrl(site, "/dealer/stock"));
        await checkConsolePage(page);
        await page.getByLabel("Stock number, make or model").fill(stocknum.toLowerCase());
        await page.getByRole("button", { name: "Search" }).click();
        await page.getByRole("link", { name: stocknum }).click();
        await page.getByRole("heading", { name: `2022 Mazda CX-8 (${stocknum})` }).waitFor();
        await checkConsolePage(page);

        // A refused upload (no file) keeps the typed alt text and says what is wrong, focusable beside its field.
        await page.getByLabel("Alt text of the first photo (optional)").fill("Front three-quarter");
        await page.getByRole("button", { name: "Upload" }).click();
        await page.locator("#form-errors").waitFor();
        expect(await page.getByLabel("Alt text of the first photo (optional)").inputValue()).toBe("Front three-quarter");
        expect(await page.locator("#upload-photo").getAttribute("aria-invalid")).toBe("true");

        // Two real photos by the plain form post.
        await page.locator("#upload-photo").setInputFiles([await photoFile("front.png", 200), await photoFile("side.png", 40)]);
        await page.getByRole("button", { name: "Upload" }).click();
        await page.getByRole("status").filter({ hasText: "Photos uploaded." }).waitFor();
        await checkConsolePage(page);
        const uploaded = await cardRefs(page);
        expect(uploaded).toHaveLength(2);
        const stored = () => query<{ data: string }>(`SELECT data FROM vehicles WHERE site = '${site}' AND stocknum = '${stocknum}'`)[0]?.data ?? "{}";
        const storedHashes = () => (JSON.parse(stored()) as { images: { image: { url: string } }[] }).images.map((entry) => entry.image.url.slice(-64));
        expect(storedHashes()).toEqual(uploaded);
        await expect.poll(async () => (await galleryAlts(site, car.slug)).slice(0, 1), { timeout: 20_000 }).toEqual(["Front three-quarter, image 1 of 2"]);
        expect(await galleryAlts(site, car.slug)).toHaveLength(2);

        // The second made the main photo, then its alt text written.
        await page.getByRole("button", { name: "Make main photo (photo 2)" }).click();
        await page.getByRole("status").filter({ hasText: "Main photo set." }).waitFor();
        expect(await cardRefs(page)).toEqual([uploaded[1], uploaded[0]]);
        expect(storedHashes()).toEqual([uploaded[1], uploaded[0]]);
        const alt = "Driver's side with the alloy wheels";
        await page.getByLabel("Alt text (photo 1)").fill(alt);
        await page.getByLabel("Alt text (photo 1)").press("Enter");
        await page.getByRole("status").filter({ hasText: "Alt text saved." }).waitFor();
        expect(await page.getByLabel("Alt text (photo 1)").inputValue()).toBe(alt);
        await expect.poll(async () => (await galleryAlts(site, car.slug))[0], { timeout: 20_000 }).toBe(`${alt}, image 1 of 2`);
        // And in the browser, on the car page itself: the main photo is the one made main, with its words.
        await page.goto(siteUrl(site, `/cars/${car.slug}`));
        const main = page.locator(`img[alt="${alt}, image 1 of 2"]`).first();
        await main.waitFor({ state: "attached" });
        expect(await main.getAttribute("src")).toContain(uploaded[1]);
        await page.goto(siteUrl(site, `/dealer/stock/${stocknum}`));

        // Too long an alt text: 400, kept as typed, the field marked, nothing saved.
        const long = "x".repeat(251);
        await page.getByLabel("Alt text (photo 1)").evaluate((input, value) => {
          (input as HTMLInputElement).removeAttribute("maxlength");
          (input as HTMLInputElement).value = value;
        }, long);
        const [refused] = await Promise.all([page.waitForResponse((response) => response.request().method() === "POST"), page.getByRole("button", { name: "Save alt text (photo 1)" }).click()]);
        expect(refused.status()).toBe(400);
        expect(await page.getByLabel("Alt text (photo 1)").inputValue()).toBe(long);
        expect(await page.getByLabel("Alt text (photo 1)").getAttribute("aria-invalid")).toBe("true");
        expect(await page.locator("#form-errors").textContent()).toContain("Alt text of photo 1");
        expect((JSON.parse(stored()) as { images: { photo?: { alt?: string } }[] }).images[0]?.photo?.alt).toBe(alt);

        // The other deleted.
        await page.goto(siteUrl(site, `/dealer/stock/${stocknum}`));
        await page.getByRole("button", { name: "Delete (photo 2)" }).click();
        await page.getByRole("status").filter({ hasText: "Photo deleted." }).waitFor();
        expect(await cardRefs(page)).toEqual([uploaded[1]]);
        expect(storedHashes()).toEqual([uploaded[1]]);
        await expect.poll(async () => galleryAlts(site, car.slug), { timeout: 20_000 }).toEqual([`${alt}, image 1 of 1`]);
        await page.context().close();

        // Read-only staff: the photos, no controls.
        const reader = await consolePage(chromium.browser(), site, car.dealership, "read-only");
        await reader.page.goto(siteUrl(site, `/dealer/stock/${stocknum}`));
        await checkConsolePage(reader.page);
        expect(await reader.page.locator("[data-photo] img").getAttribute("alt")).toBe(alt);
        expect(await reader.page.getByRole("button", { name: /Delete|Upload|Save alt text/ }).count()).toBe(0);
        await reader.page.context().close();
      } finally {
        await stockApi(site, key, "/vehicles/batch", { delete: [stocknum] });
      }
    });
  }
});
