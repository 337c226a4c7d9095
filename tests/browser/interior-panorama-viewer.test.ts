import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe";
import { launchChromium } from "../support/platform";
import { carPath, cars, openCar } from "../support/vehicles";

/**
 * ADR 0105 in Chromium, on both demo spin cars (each with its uploaded panorama): Interior is a panorama the shopper
 * looks around in. Its code arrives when Interior is picked; the arrow keys on the focused view, the Look left / Look
 * right buttons and a drag move the picture, which wraps past its edge; the view shows its focus; nothing moves by
 * itself under reduced motion; the stage keeps the viewer's 3:2; axe finds nothing.
 */
const SPIN_SITES = ["harbour-city-motors", "summit-auto-group"] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe("the interior panorama viewer", () => {
  it.each(SPIN_SITES)("%s pans by keyboard, button and drag, wraps at the edge, and passes axe", async (site) => {
    const chunks: string[] = [];
    const { page, errors } = await openCar(browser, site, carPath(site, cars.withSpin), {
      beforeLoad: (page) => {
        page.emulateMedia({ reducedMotion: "reduce" });
        page.on("request", (request) => {
          if (request.url().includes("/_mf/mf-vehicle/") && request.url().endsWith(".js")) chunks.push(request.url());
        });
      },
    });
    try {
      const vehicle = page.locator("#slot-vehicle");
      const loadedBefore = chunks.length;
      await vehicle.getByRole("button", { name: "Interior", exact: true }).click();
      const view = vehicle.getByRole("slider", { name: /interior panorama/ });
      await view.waitFor();
      // The panorama's code came with the pick, not with the page.
      expect(chunks.length).toBeGreaterThan(loadedBefore);
      const picture = vehicle.getByRole("img", { name: /, interior$/ });
      await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), { timeout: 30_000 }).toBeGreaterThan(0);

      const track = vehicle.locator(".vehicle-panorama__surface .vehicle-panorama__track");
      const shift = async () => Number(/translateX\((-?[\d.]+)%\)/.exec(await track.evaluate((element: HTMLElement) => element.style.transform))?.[1]);
      const left = async () => (await picture.boundingBox())?.x ?? Number.NaN;
      const degrees = () => view.getAttribute("aria-valuenow");
      expect([await shift(), await degrees()]).toEqual([0, "0"]);
      const startX = await left();

      // Keyboard: Tab from the Interior button reaches the view, which shows its focus; each arrow turns it 15°.
      await page.keyboard.press("Tab");
      await expect(view.evaluate((element) => element === document.activeElement && getComputedStyle(element).outlineStyle)).resolves.toBe("solid");
      await page.keyboard.press("ArrowRight");
      expect([await shift(), await degrees()]).toEqual([-2.083, "15"]);
      expect(await left()).toBeLessThan(startX);
      // Past the left edge it wraps to the far end of the picture.
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("ArrowLeft");
      expect([await shift(), await degrees()]).toEqual([-47.917, "345"]);
      expect(await left()).toBeLessThan(startX);

      // The buttons, for those who cannot drag: past the right end it wraps back to the start.
      await vehicle.getByRole("button", { name: "Look right" }).click();
      expect([await shift(), await degrees()]).toEqual([0, "0"]);
      expect(await left()).toBe(startX);
      await vehicle.getByRole("button", { name: "Look left" }).click();
      expect(await degrees()).toBe("345");

      // A drag to the left looks right.
      const box = await view.boundingBox();
      if (!box) throw new Error("no panorama view");
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 - 120, box.y + box.height / 2, { steps: 4 });
      await page.mouse.up();
      expect(Number(await degrees())).not.toBe(345);

      // Nothing moves by itself, and the stage keeps the viewer's 3:2 whatever the picture's shape.
      expect(await track.evaluate((element) => element.getAnimations().length)).toBe(0);
      const stage = await vehicle.locator(".vehicle-panorama").boundingBox();
      expect((stage?.width ?? 0) / (stage?.height ?? 1)).toBeCloseTo(1.5, 1);

      expect(await axeViolations(page, ["#slot-vehicle .vehicle-viewer"])).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);
});
