import type { Browser, Page } from "playwright-core";
import { DEMO_WALKAROUND_VIDEOS, slotImage } from "@dealer/shared/media";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, siteUrl } from "../support/platform";
import { carImages, carPath, cars, DESKTOP, openCar, PHONE } from "../support/vehicles";

const SITE = "harbour-city-motors";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});


async function showGallery(page: Page): Promise<void> {
  const mode = page.locator("#slot-vehicle").getByRole("button", { name: "Gallery", exact: true });
  if (await mode.count()) await mode.click();
}

const counter = (page: Page) => page.locator("#slot-vehicle .vehicle-gallery__counter");

describe("vehicle gallery", () => {
  for (const [name, viewport] of [["phone", PHONE], ["desktop", DESKTOP]] as const) {
    it(`on a ${name}: thumbnails over 3 images stay in step with the main slider, buttons and arrow keys`, async () => {
      const { page, errors } = await openCar(browser, SITE, carPath(SITE, cars.manyImages), { viewport });
      const gallery = page.locator("#slot-vehicle .vehicle-gallery");
      const thumbs = gallery.getByRole("list", { name: "Thumbnails" }).getByRole("button");
      const total = await thumbs.count();
      expect(total).toBeGreaterThan(3);
      await expect(counter(page).innerText()).resolves.toBe(`Image 1 of ${total}`);

      await thumbs.nth(2).click();
      await expect.poll(() => counter(page).innerText()).toBe(`Image 3 of ${total}`);
      await expect(thumbs.nth(2).getAttribute("aria-current")).resolves.toBe("true");

      await gallery.getByRole("button", { name: "Next image" }).click();
      await expect.poll(() => counter(page).innerText()).toBe(`Image 4 of ${total}`);
      await expect.poll(() => thumbs.nth(3).getAttribute("aria-current")).toBe("true");

      await page.locator("#slot-vehicle .vehicle-gallery__track").focus();
      await page.keyboard.press("ArrowLeft");
      await expect.poll(() => counter(page).innerText()).toBe(`Image 3 of ${total}`);
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowRight");
      // Two on from the third: the fifth, or round to the first on a gallery of four.
      await expect.poll(() => counter(page).innerText()).toBe(`Image ${(4 % total) + 1} of ${total}`);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }

  it("hides thumbnails with 3 images or fewer", async () => {
    const { page } = await openCar(browser, SITE, carPath(SITE, cars.fewImages));
    await expect(page.locator("#slot-vehicle .vehicle-gallery__track li").count()).resolves.toBeLessThanOrEqual(3);
    await expect(page.locator("#slot-vehicle .vehicle-gallery__thumbs").count()).resolves.toBe(0);
    await page.context().close();
  });

  it("a swipe on a touch screen moves to the next image and the thumbnails follow", async () => {
    const { page, errors } = await openCar(browser, SITE, carPath(SITE, cars.manyImages), { viewport: PHONE, touch: true });
    const track = page.locator("#slot-vehicle .vehicle-gallery__track");
    const box = await track.boundingBox();
    if (!box) throw new Error("no gallery track");
    const cdp = await page.context().newCDPSession(page);
    // A real touch swipe from right to left, as a thumb would do it.
    const y = Math.round(box.y + box.height * 0.3);
    const from = Math.round(box.x + box.width * 0.8);
    const touch = (type: "touchStart" | "touchMove" | "touchEnd", x: number) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x, y }] });
    await touch("touchStart", from);
    for (let step = 1; step <= 10; step += 1) await touch("touchMove", from - step * Math.round(box.width * 0.07));
    await touch("touchEnd", from);
    // The track snaps to the next slide once the finger lifts.
    await expect.poll(() => counter(page).innerText(), { timeout: 5000 }).toMatch(/^Image 2 of/);
    await expect.poll(() => page.locator("#slot-vehicle .vehicle-gallery__thumb").nth(1).getAttribute("aria-current")).toBe("true");
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("loads only the first image eagerly at high priority, the rest lazily, from the image CDN with a srcset", async () => {
    const context = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false });
    const page = await context.newPage();
    const path = carPath("metro-certified", cars.manyImages);
    await page.goto(siteUrl("metro-certified", path));
    const images = page.locator("#slot-vehicle .vehicle-gallery__image");
    const first = images.first();
    await expect(first.getAttribute("loading")).resolves.toBe("eager");
    await expect(first.getAttribute("fetchpriority")).resolves.toBe("high");
    // The gallery slot's candidates, sizes and box (ADR 0071), for the picture it shows.
    const src = (await first.getAttribute("src")) ?? "";
    expect(src).toMatch(/^\/cdn\/image\/width=\d+,quality=\d+\//);
    // The stored car's held copy: its width caps the candidates (ADR 0071).
    const [photo] = carImages("metro-certified", path.replace(/^\/cars\//, ""));
    const gallery = slotImage("gallery", src, photo?.photo);
    expect(src).toBe(gallery.src);
    await expect(first.getAttribute("srcset")).resolves.toBe(gallery.srcSet);
    await expect(first.getAttribute("sizes")).resolves.toBe(gallery.sizes);
    await expect(first.getAttribute("width")).resolves.toBe(String(gallery.width));
    await expect(first.getAttribute("height")).resolves.toBe(String(gallery.height));
    const rest = await images.evaluateAll((list) => list.slice(1).map((img) => img.getAttribute("loading")));
    expect(rest.length).toBeGreaterThan(0);
    expect(new Set(rest)).toEqual(new Set(["lazy"]));
    await context.close();
  });

  it("fullscreen opens on demand, steps with the arrow keys, closes with Escape and gives focus back", async () => {
    const { page, errors } = await openCar(browser, SITE, carPath(SITE, cars.manyImages));
    const fullscreenChunks: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/_mf/mf-vehicle/") && request.url().endsWith(".js")) fullscreenChunks.push(request.url());
    });
    const opener = page.locator("#slot-vehicle").getByRole("button", { name: "View fullscreen" });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: /fullscreen/ });
    await dialog.waitFor();
    expect(fullscreenChunks.length).toBeGreaterThan(0);
    await expect(dialog.locator(".vehicle-fullscreen__counter").innerText()).resolves.toMatch(/^Image 1 of/);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => dialog.locator(".vehicle-fullscreen__counter").innerText()).toMatch(/^Image 2 of/);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
    // The gallery takes the picture the shopper ended on.
    await expect.poll(() => counter(page).innerText()).toMatch(/^Image 2 of/);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("places the walkaround video second among the slides, embedded from the video service", async () => {
    const { page, errors } = await openCar(browser, SITE, carPath(SITE, cars.withEmbedVideo));
    await showGallery(page);
    const second = page.locator("#slot-vehicle .vehicle-gallery__slide").nth(1);
    await expect(second.locator("iframe").getAttribute("src")).resolves.toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\//);
    await expect(page.locator("#slot-vehicle .vehicle-gallery__thumb").nth(1).getAttribute("aria-label")).resolves.toBe("Show video 2");
    await page.locator("#slot-vehicle").getByRole("button", { name: "Walkaround", exact: true }).click();
    await expect(page.locator("#slot-vehicle .vehicle-viewer__stage iframe").count()).resolves.toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  // A car site and the motorcycle template (ADR 0054): the dealer-hosted file plays natively, served with Range.
  for (const [site, file] of [[SITE, DEMO_WALKAROUND_VIDEOS.car], ["ridge-motorcycles", DEMO_WALKAROUND_VIDEOS.motorcycle]] as const) {
    it(`on ${site}, a dealer-hosted walkaround video plays muted and looping while its slide is shown, paused on another`, async () => {
      const videoAnswers: number[] = [];
      // Heard from the start: the video's metadata may be fetched while the page loads, and a short file in that one range.
      const { page, errors } = await openCar(browser, site, carPath(site, cars.withNativeVideo), {
        beforeLoad: (page) =>
          page.on("response", (response) => {
            if (new URL(response.url()).pathname === file) videoAnswers.push(response.status());
          }),
      });
      await showGallery(page);
      const slide = page.locator("#slot-vehicle .vehicle-gallery__slide").nth(1);
      const video = slide.locator("video");
      await expect(slide.locator("iframe").count()).resolves.toBe(0);
      await expect(video.getAttribute("src")).resolves.toBe(file);
      const state = () => video.evaluate((v: HTMLVideoElement) => ({ muted: v.muted, loop: v.loop, paused: v.paused, time: v.currentTime }));
      await expect(state()).resolves.toMatchObject({ muted: true, loop: true, paused: true });

      await page.locator("#slot-vehicle .vehicle-gallery").getByRole("button", { name: "Next image" }).click();
      await expect.poll(async () => (await state()).time).toBeGreaterThan(0.2);
      await expect(state()).resolves.toMatchObject({ paused: false });
      // The browser fetched it in byte ranges, answered 206.
      expect(videoAnswers).toContain(206);

      await page.locator("#slot-vehicle .vehicle-gallery").getByRole("button", { name: "Next image" }).click();
      await expect.poll(async () => (await state()).paused).toBe(true);
      // The Walkaround mode plays it on the stage.
      await page.locator("#slot-vehicle").getByRole("button", { name: "Walkaround", exact: true }).click();
      const stage = page.locator("#slot-vehicle .vehicle-viewer__stage video");
      await expect.poll(() => stage.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0.2 && v.getAttribute("src"))).toBe(file);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});

describe("vehicle viewer: 360 spin, hotspots, interior", () => {
  it("opens on the spin; its code loads on first reach, frames preload with progress, then drag (20 px a frame) and arrow keys turn it", async () => {
    const { page, errors } = await openCar(browser, SITE, carPath(SITE, cars.withSpin));
    const spinChunks: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/_mf/mf-vehicle/") && request.url().endsWith(".js")) spinChunks.push(request.url());
    });
    const vehicle = page.locator("#slot-vehicle");
    await expect(vehicle.getByRole("button", { name: "360° Spin" }).getAttribute("aria-pressed")).resolves.toBe("true");
    const poster = vehicle.locator(".vehicle-spin__frame").first();
    await expect(poster.getAttribute("fetchpriority")).resolves.toBe("high");
    // Parts in view hydrate on their own (ADR 0022); the spin's code is not among them: it comes on the reach.
    await page.waitForLoadState("networkidle");
    const before = spinChunks.length;
    await expect(vehicle.getByRole("slider").count()).resolves.toBe(0);

    await vehicle.getByRole("button", { name: "Drag to spin 360°" }).click();
    const spin = vehicle.getByRole("slider", { name: /360° view/ });
    await spin.waitFor();
    expect(spinChunks.length).toBeGreaterThan(before);
    // Interactive only once every frame has loaded; the progress bar shows meanwhile.
    await expect.poll(() => spin.getAttribute("aria-disabled"), { timeout: 20_000 }).toBe("false");
    await expect(vehicle.locator("progress").count()).resolves.toBe(0);
    await expect(spin.getAttribute("aria-valuenow")).resolves.toBe("1");

    const box = await spin.boundingBox();
    if (!box) throw new Error("no spin surface");
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width / 2, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 61, y, { steps: 6 });
    await page.mouse.up();
    // 61 px to the left is 3 whole frames.
    await expect(spin.getAttribute("aria-valuenow")).resolves.toBe("4");

    await spin.focus();
    await page.keyboard.press("ArrowLeft");
    await expect(spin.getAttribute("aria-valuenow")).resolves.toBe("3");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(spin.getAttribute("aria-valuetext")).resolves.toMatch(/^Angle 5 of \d+$/);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("shows the hotspots placed on the current angle and opens their description; auto-rotate stops after one turn", async () => {
    const { page, errors } = await openCar(browser, SITE, carPath(SITE, cars.withSpin));
    const vehicle = page.locator("#slot-vehicle");
    await vehicle.getByRole("button", { name: "Drag to spin 360°" }).click();
    const spin = vehicle.getByRole("slider", { name: /360° view/ });
    await expect.poll(() => spin.getAttribute("aria-disabled"), { timeout: 20_000 }).toBe("false");
    const hotspot = vehicle.getByRole("button", { name: "Hotspot: LED headlights" });
    await hotspot.click();
    await expect(hotspot.getAttribute("aria-expanded")).resolves.toBe("true");
    await expect(vehicle.getByText("LED headlights", { exact: true }).isVisible()).resolves.toBe(true);
    // Angle 2 has no hotspot in the demo's placement.
    await spin.focus();
    await page.keyboard.press("ArrowRight");
    await expect(vehicle.getByRole("button", { name: "Hotspot: LED headlights" }).count()).resolves.toBe(0);

    const auto = vehicle.getByRole("button", { name: "Auto-rotate" });
    await auto.click();
    await expect(auto.getAttribute("aria-pressed")).resolves.toBe("true");
    await expect.poll(() => auto.getAttribute("aria-pressed"), { timeout: 15_000 }).toBe("false");
    // One full turn brings it back to the angle it started from.
    await expect(spin.getAttribute("aria-valuenow")).resolves.toBe("2");

    await vehicle.getByRole("button", { name: "Interior", exact: true }).click();
    // The interior's code loads when it is picked.
    await vehicle.getByRole("img", { name: /interior/ }).waitFor();
    await expect(vehicle.getByRole("img", { name: /interior/ }).isVisible()).resolves.toBe(true);
    await expect(vehicle.getByRole("button", { name: "Hotspot: Touchscreen with smartphone mirroring" }).count()).resolves.toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
