import { createHash, randomUUID } from "node:crypto";
import { vehicleImagePath, vehicleImageUrl } from "@dealer/shared/media";
import { describe, expect, it } from "vitest";
import { query } from "../support/db";
import { interiorShown, phonePanorama, photoRecord } from "../support/photo-origin";
import { siteUrl } from "../support/platform";
import { CONSOLE_SITES, checkConsolePage, consolePage, firstDealershipKey, photoTestBrowser } from "../support/staff";
import { stockApi } from "../support/stock-api";

/**
 * ADR 0105 in the console: an admin uploads a car's interior panorama with the car page's plain form (a refusal names
 * its field), the public car page's Interior shows it, and removing it brings back the feed's picture. A read-only
 * member sees no control, and the stock API refuses their session.
 */
describe("the console's interior panorama, in Chromium at a phone's width", () => {
  const chromium = photoTestBrowser("console-interior-");

  for (const { site } of CONSOLE_SITES) {
    it(`${site}: an admin uploads and removes it; read-only sees no control and is refused`, { timeout: 240_000 }, async () => {
      const key = firstDealershipKey(site);
      const stocknum = `PI-${randomUUID().slice(0, 8)}`.toUpperCase();
      const drawing = vehicleImageUrl(vehicleImagePath("suv", "blue", "interior"));
      expect((await stockApi(site, key, "/vehicles/batch", { upsert: [{ ...photoRecord(stocknum, [], "CX-8"), spin_interior_image: drawing }] })).status).toBe(200);
      try {
        const car = query<{ slug: string; dealership: string }>(`SELECT v.slug, d.slug AS dealership FROM vehicles v JOIN dealerships d ON d.id = v.dealership_id WHERE v.site = '${site}' AND v.stocknum = '${stocknum}'`)[0];
        if (!car) throw new Error("the car was not stored");
        const { page } = await consolePage(chromium.browser(), site, car.dealership, "admin");
        await page.goto(siteUrl(site, `/dealer/stock/${stocknum}`));
        await page.getByRole("heading", { name: "Interior panorama" }).waitFor();
        await page.getByText("From the stock feed.").waitFor();
        expect(await page.getByRole("button", { name: "Remove uploaded panorama" }).count()).toBe(0);

        // No file: the refusal names the field, beside it.
        await page.getByRole("button", { name: "Save panorama" }).click();
        await page.locator("#form-errors").waitFor();
        expect(await page.locator("#upload-panorama").getAttribute("aria-invalid")).toBe("true");
        await checkConsolePage(page);

        const panorama = await phonePanorama();
        const hash = createHash("sha256").update(panorama).digest("hex");
        await page.locator("#upload-panorama").setInputFiles({ name: "interior.jpg", mimeType: "image/jpeg", buffer: panorama });
        await page.getByRole("button", { name: "Save panorama" }).click();
        await page.getByRole("status").filter({ hasText: "Interior panorama uploaded." }).waitFor();
        await page.getByText("Uploaded here; it shows over the feed's.").waitFor();
        await checkConsolePage(page);
        // The car page is cached by stock version: polled until it shows the change.
        await expect.poll(() => interiorShown(chromium.browser(), site, car.slug).then((shown) => new URL(shown.src).pathname), { timeout: 30_000, interval: 1_000 }).toMatch(new RegExp(`/photos/${hash}$`));

        await page.getByRole("button", { name: "Remove uploaded panorama" }).click();
        await page.getByRole("status").filter({ hasText: "Uploaded interior panorama removed." }).waitFor();
        await page.getByText("From the stock feed.").waitFor();
        await expect.poll(() => interiorShown(chromium.browser(), site, car.slug).then((shown) => new URL(shown.src).pathname), { timeout: 30_000, interval: 1_000 }).toContain("/vehicles/suv/blue/interior.svg");
        await page.context().close();

        // Read-only: the panorama shown, no control; its session refused by the stock API itself.
        const readOnly = (await consolePage(chromium.browser(), site, car.dealership, "read-only")).page;
        await readOnly.goto(siteUrl(site, `/dealer/stock/${stocknum}`));
        await readOnly.getByRole("heading", { name: "Interior panorama" }).waitFor();
        expect(await readOnly.getByRole("button", { name: "Save panorama" }).count()).toBe(0);
        expect(await readOnly.locator("#upload-panorama").count()).toBe(0);
        // Sent from the console's own page, as its form's script would: same origin, the member's cookie.
        const refused = await readOnly.evaluate(async (path) => {
          const form = new FormData();
          form.append("panorama", new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])]), "interior.jpg");
          return (await fetch(path, { method: "PUT", body: form })).status;
        }, `/api/stock/vehicles/${stocknum}/interior`);
        expect(refused).toBe(403);
        await readOnly.context().close();
      } finally {
        await stockApi(site, key, "/vehicles/batch", { delete: [stocknum] });
      }
    });
  }
});
