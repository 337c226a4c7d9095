import { randomUUID } from "node:crypto";
import { PHOTO_REASONS } from "@dealer/shared/media";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { STOCK_PAGE_SIZE } from "../../mf-dealer/src/stock-list";
import { query } from "../support/db";
import { photoRecord } from "../support/photo-origin";
import { siteUrl } from "../support/platform";
import { CONSOLE_SITES, cardRefs, checkConsolePage, consolePage, firstDealershipKey, photoTestBrowser } from "../support/staff";
import { stockApi, uploadPhotos } from "../support/stock-api";

/**
 * Issue 31 (ADR 0085): the stock list pages back with "Previous page" as plain links; and on a phone 360 px wide the car
 * page's upload form, enhanced once it is near: files chosen and dropped are listed, each uploaded with its own progress,
 * a refused one showing the API's reason beside it while the others go in, and photos reordered, alt text saved (a
 * refused one shown beside its field) and a photo deleted (ADR 0089),
 * all without the page loading again; axe finds nothing at each step.
 */
const PHONE_360 = { width: 360, height: 780 };
const png = (red: number, size = 800) => sharp({ create: { width: size, height: (size * 3) / 4, channels: 3, background: { r: red, g: 110, b: 70 } } }).png().toBuffer();
const storedHashes = (site: string, stocknum: string) =>
  (JSON.parse(query<{ data: string }>(`SELECT data FROM vehicles WHERE site = '${site}' AND stocknum = '${stocknum}'`)[0]?.data ?? "{}") as { images: { image: { url: string } }[] }).images.map((entry) =>
    entry.image.url.slice(-64),
  );

describe("the console's stock list and photo upload, in Chromium", () => {
  const chromium = photoTestBrowser("console-upload-");
  const fileOf = chromium.file;

  it("pages forward and back with plain links (the list has no script), each page as the records order it", { timeout: 120_000 }, async () => {
    const biggest = query<{ site: string; dealership_id: number; slug: string }>(
      "SELECT v.site, v.dealership_id, d.slug FROM vehicles v JOIN dealerships d ON d.id = v.dealership_id GROUP BY v.dealership_id ORDER BY COUNT(*) DESC LIMIT 1",
    )[0] as { site: string; dealership_id: number; slug: string };
    const all = query<{ stocknum: string }>(`SELECT stocknum FROM vehicles WHERE dealership_id = ${biggest.dealership_id} ORDER BY stocknum`).map((car) => car.stocknum);
    const pages = Math.min(3, Math.ceil(all.length / STOCK_PAGE_SIZE));
    expect(pages).toBeGreaterThan(1);
    const { page } = await consolePage(chromium.browser(), biggest.site, biggest.slug, "read-only", { viewport: PHONE_360 });
    const shown = () => page.locator("tr[data-stocknum]").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-stocknum")));
    const expected = (n: number) => all.slice(n * STOCK_PAGE_SIZE, (n + 1) * STOCK_PAGE_SIZE);
    await page.goto(siteUrl(biggest.site, "/dealer/stock"));
    expect(await page.getByRole("link", { name: "Previous page" }).count()).toBe(0);
    for (let n = 1; n < pages; n++) {
      await page.getByRole("link", { name: "Next page" }).click();
      await page.waitForURL(/after=/);
      expect(await shown()).toEqual(expected(n));
    }
    await checkConsolePage(page);
    for (let n = pages - 2; n >= 0; n--) {
      await page.getByRole("link", { name: "Previous page" }).click();
      await page.waitForURL(/before=/);
      expect(await shown(), `back to page ${n + 1}`).toEqual(expected(n));
    }
    expect(await page.getByRole("link", { name: "Previous page" }).count()).toBe(0);
    await page.context().close();
  });

  for (const { site } of CONSOLE_SITES) {
    it(`${site}: drop and choose photos, each uploaded with its progress, a refused one with its reason; reorder, alt text, delete, no reload`, { timeout: 240_000 }, async () => {
      const key = firstDealershipKey(site);
      const stocknum = `UP-${randomUUID().slice(0, 8)}`.toUpperCase();
      expect((await stockApi(site, key, "/vehicles/batch", { upsert: [photoRecord(stocknum, [], "CX-9")] })).status).toBe(200);
      try {
        // Three photos first, so the upload form is well below the first screen of a phone.
        const first = await uploadPhotos(site, key, stocknum, await Promise.all([10, 20, 30].map(async (red, i) => ({ bytes: await png(red), name: `lot-${i}.png` }))));
        expect(first.status).toBe(201);
        const dealership = query<{ slug: string }>(`SELECT d.slug FROM vehicles v JOIN dealerships d ON d.id = v.dealership_id WHERE v.site = '${site}' AND v.stocknum = '${stocknum}'`)[0]?.slug ?? "";
        const { page } = await consolePage(chromium.browser(), site, dealership, "salesperson", { viewport: PHONE_360 });
        const scripts: string[] = [];
        page.on("request", (request) => {
          if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname.split("/").at(-1) ?? "");
        });
        await page.goto(siteUrl(site, `/dealer/stock/${stocknum}`));
        await page.waitForLoadState("networkidle");
        // First load: the loader only (the form is more than a screen below), the enhancement once the form is near.
        const formTop = await page.locator("form[data-photo-api]").evaluate((form) => form.getBoundingClientRect().top);
        expect(formTop).toBeGreaterThan(PHONE_360.height * 1.5);
        expect(scripts).toEqual(["photo-upload-loader.js"]);
        await page.evaluate(() => Object.assign(window, { samePage: true }));
        await page.locator("form[data-photo-api]").scrollIntoViewIfNeeded();
        await page.locator("form[data-enhanced]").waitFor({ state: "attached" });
        expect(scripts).toEqual(["photo-upload-loader.js", "photo-upload.js"]);
        await checkConsolePage(page);

        // Two files chosen (one not an image at all), one dropped.
        await page.locator("#upload-photo").setInputFiles([await fileOf("front.png", await png(200)), await fileOf("notes.jpg", "these are notes, not a photo")]);
        const dropped = (await png(90)).toString("base64");
        await page.locator("form[data-photo-api]").evaluate((form, base64) => {
          const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
          const transfer = new DataTransfer();
          transfer.items.add(new File([bytes], "boot.png", { type: "image/png" }));
          form.dispatchEvent(new DragEvent("dragover", { dataTransfer: transfer, bubbles: true, cancelable: true }));
          form.dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
        }, dropped);
        const rows = page.locator(".console-upload");
        expect(await rows.locator(".console-upload__name").allTextContents()).toEqual([expect.stringMatching(/^front\.png \(/), expect.stringMatching(/^notes\.jpg \(/), expect.stringMatching(/^boot\.png \(/)]);
        await checkConsolePage(page);

        // Sent from the keyboard; each file on its own, the refused one's reason beside it, the others stored in order.
        await page.getByLabel("Alt text of the first photo (optional)").fill("Front on the lot");
        await page.getByRole("button", { name: "Upload" }).focus();
        await page.keyboard.press("Enter");
        await page.locator("[data-upload-status]").filter({ hasText: "2 of 3 photos uploaded." }).waitFor({ timeout: 60_000 });
        expect(await page.locator("[data-upload-status]").textContent()).toContain(`Refused notes.jpg: ${PHOTO_REASONS.notImage}`);
        expect(await rows.nth(1).locator(".console-upload__state").textContent()).toBe(`Refused: ${PHOTO_REASONS.notImage}`);
        expect(await rows.locator(".console-upload__state").allTextContents()).toEqual(["Uploaded.", `Refused: ${PHOTO_REASONS.notImage}`, "Uploaded."]);
        expect(await rows.locator("progress").evaluateAll((bars) => bars.map((bar) => (bar as HTMLProgressElement).value))).toEqual([100, 0, 100]);
        expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
        const refs = await cardRefs(page);
        expect(refs).toHaveLength(5);
        expect(storedHashes(site, stocknum)).toEqual(refs);
        expect(await page.getByRole("heading", { name: "Photos (5)" }).count()).toBe(1);
        const stored = JSON.parse(query<{ data: string }>(`SELECT data FROM vehicles WHERE site = '${site}' AND stocknum = '${stocknum}'`)[0]?.data ?? "{}") as { images: { photo?: { alt?: string } }[] };
        expect(stored.images.map((entry) => entry.photo?.alt ?? null)).toEqual([null, null, null, "Front on the lot", null]);
        await checkConsolePage(page);

        // Photo 5 moved up by keyboard: the order saved, the photos redrawn, focus kept on the moved photo's button.
        await page.getByRole("button", { name: "Move up (photo 5)" }).focus();
        await page.keyboard.press("Enter");
        await page.locator("[data-photos-status]").filter({ hasText: "Photo order saved: photo 5 is now photo 4 of 5." }).waitFor();
        const moved = [refs[0], refs[1], refs[2], refs[4], refs[3]];
        expect(await cardRefs(page)).toEqual(moved);
        expect(storedHashes(site, stocknum)).toEqual(moved);
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Move up (photo 4)");
        await page.getByRole("button", { name: "Make main photo (photo 4)" }).click();
        await page.locator("[data-photos-status]").filter({ hasText: "Main photo set: it was photo 4." }).waitFor();
        expect(storedHashes(site, stocknum)).toEqual([refs[4], refs[0], refs[1], refs[2], refs[3]]);
        expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
        await checkConsolePage(page);

        // Alt text saved from the keyboard without a page load; focus stays in the field.
        const storedAlts = () =>
          (JSON.parse(query<{ data: string }>(`SELECT data FROM vehicles WHERE site = '${site}' AND stocknum = '${stocknum}'`)[0]?.data ?? "{}") as { images: { photo?: { alt?: string } }[] }).images.map(
            (entry) => entry.photo?.alt ?? null,
          );
        await page.getByLabel("Alt text (photo 2)").fill("Boot open, cargo blind fitted");
        await page.getByLabel("Alt text (photo 2)").press("Enter");
        await page.locator("[data-photos-status]").filter({ hasText: "Alt text of photo 2 saved." }).waitFor();
        expect(storedAlts()).toEqual([null, "Boot open, cargo blind fitted", null, null, "Front on the lot"]);
        expect(await page.getByLabel("Alt text (photo 2)").inputValue()).toBe("Boot open, cargo blind fitted");
        expect(await page.evaluate(() => document.activeElement?.id)).toBe(`photo-${refs[0]}-alt`);
        // Too long: refused with the API's reason beside the field, kept as typed, nothing saved.
        const long = "x".repeat(251);
        await page.getByLabel("Alt text (photo 2)").evaluate((input, value) => {
          (input as HTMLInputElement).removeAttribute("maxlength");
          (input as HTMLInputElement).value = value;
        }, long);
        await page.getByRole("button", { name: "Save alt text (photo 2)" }).click();
        await page.locator("[data-photos-status]").filter({ hasText: "The alt text of photo 2 was not saved:" }).waitFor();
        expect(await page.getByLabel("Alt text (photo 2)").inputValue()).toBe(long);
        expect(await page.getByLabel("Alt text (photo 2)").getAttribute("aria-invalid")).toBe("true");
        expect(await page.locator(`#photo-${refs[0]}-alt-error`).textContent()).toBeTruthy();
        expect(storedAlts()[1]).toBe("Boot open, cargo blind fitted");
        await checkConsolePage(page);

        // Photo 3 deleted: the photos redrawn without it, focus on the photo now in its place.
        await page.getByRole("button", { name: "Delete (photo 3)" }).click();
        // Whatever the answer, the status names photo 3; a refusal then fails here with its reason.
        const status = page.locator("[data-photos-status]");
        await expect.poll(() => status.textContent(), { timeout: 30_000 }).toMatch(/^Photo 3 /);
        expect(await status.textContent()).toBe("Photo 3 deleted: 4 photos left.");
        const left = [refs[4], refs[0], refs[2], refs[3]];
        expect(await cardRefs(page)).toEqual(left);
        expect(storedHashes(site, stocknum)).toEqual(left);
        expect(await page.getByRole("heading", { name: "Photos (4)" }).count()).toBe(1);
        expect(await page.evaluate(() => document.activeElement?.closest("[data-photo]")?.getAttribute("data-photo"))).toBe(refs[2]);
        expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
        await checkConsolePage(page);
        await page.context().close();
      } finally {
        await stockApi(site, key, "/vehicles/batch", { delete: [stocknum] });
      }
    });
  }
});
