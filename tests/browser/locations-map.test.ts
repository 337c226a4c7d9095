import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, WCAG_22_AA } from "../support/axe";
import { DESKTOP } from "../support/pages";
import { launchChromium, siteUrl, waitForHydration, watchConsole } from "../support/platform";

/** The locations map (ADR 0050): the platform's own interactive map on the dealer locator, loaded on approach. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const OPEN_STATUS = /^(Open now · closes \d{1,2}:\d{2} [AP]M|Closed · opens .+)$/;
const mapChunkRequests = (page: Page) => {
  const requested: string[] = [];
  page.on("request", (request) => {
    if (/\/_mf\/mf-locations\/.*locations-map.*\.js$/.test(request.url())) requested.push(request.url());
  });
  return requested;
};
const zoomOf = (page: Page) => page.locator(".locations-map__surface").getAttribute("data-zoom").then(Number);

describe("the locations map on the dealer locator", () => {
  it("harbour-city-motors, a short phone screen: the picture first, the map's code only as the shopper scrolls to it; pins open cards; keys pan and zoom", async () => {
    // Short enough that the map starts well below the fold (and the approach margin).
    const page = await browser.newPage({ viewport: { width: 390, height: 420 }, hasTouch: true, isMobile: true });
    const errors = watchConsole(page);
    const chunks = mapChunkRequests(page);
    await page.goto(siteUrl("harbour-city-motors", "/dealer-locator"));
    await waitForHydration(page);
    const map = page.locator(".locations-map");
    await expect(map.getAttribute("data-map-state")).resolves.toBe("static");
    expect(chunks).toEqual([]);

    await map.scrollIntoViewIfNeeded();
    await page.locator('.locations-map[data-map-state="live"]').waitFor();
    expect(chunks).toHaveLength(1);
    // The base map is the platform's own: its tiles load from the gateway.
    await expect.poll(() => page.locator(".locations-map__tiles img").evaluateAll((tiles) => tiles.filter((tile) => (tile as HTMLImageElement).naturalWidth > 0).length)).toBeGreaterThan(1);

    const pins = map.getByRole("button", { name: /^Harbour City/ });
    await expect(pins.count()).resolves.toBe(2);
    const first = pins.first();
    const name = (await first.getAttribute("aria-label")) ?? "";
    await first.click();
    const card = map.getByRole("region", { name });
    await expect(card.locator(".location-card__status").textContent()).resolves.toMatch(OPEN_STATUS);
    await expect(first.getAttribute("aria-expanded")).resolves.toBe("true");
    // The list's card of the same location is highlighted.
    await expect(page.locator('.location-card[data-selected="true"] h3').textContent()).resolves.toBe(name);

    // "Show on map" in the list selects the other location's pin.
    const other = page.locator(".location-card").filter({ hasNotText: name }).first();
    const otherName = (await other.locator("h3").textContent()) ?? "";
    await other.getByRole("link", { name: /Show on map/ }).click();
    await expect(map.getByRole("button", { name: otherName, exact: true }).getAttribute("data-selected")).resolves.toBe("true");

    // Keyboard: the map takes focus, + and - zoom, arrows pan, Escape closes the card.
    const surface = map.getByRole("region", { name: /^Map of/ });
    await surface.focus();
    const zoom = await zoomOf(page);
    await page.keyboard.press("+");
    await expect.poll(() => zoomOf(page)).toBe(zoom + 1);
    await page.keyboard.press("-");
    await page.keyboard.press("-");
    await expect.poll(() => zoomOf(page)).toBe(zoom - 1);
    const before = await map.getByRole("button", { name: otherName, exact: true }).getAttribute("style");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => map.getByRole("button", { name: otherName, exact: true }).getAttribute("style")).not.toBe(before);
    await page.keyboard.press("Escape");
    await map.getByRole("region", { name: otherName }).waitFor({ state: "detached" });
    expect(errors).toEqual([]);
    await page.close();
  });

  it("summit-auto-group on a desktop: every location is on the map, clusters and zoom buttons zoom, a drag pans the map", async () => {
    const page = await browser.newPage(DESKTOP);
    const errors = watchConsole(page);
    await page.goto(siteUrl("summit-auto-group", "/dealer-locator"));
    await waitForHydration(page);
    const map = page.locator(".locations-map");
    await map.scrollIntoViewIfNeeded();
    await page.locator('.locations-map[data-map-state="live"]').waitFor();
    // Every location is on the map: a pin each, or a count on a cluster where pins would overlap.
    const cards = await page.locator("#slot-locations .location-card").count();
    const markers = map.locator("button.map-pin");
    const onMap = () => markers.evaluateAll((buttons) => buttons.reduce((sum, button) => sum + Number(button.getAttribute("data-count") ?? 1), 0));
    await expect(onMap()).resolves.toBe(cards);

    const zoom = await zoomOf(page);
    await map.getByRole("button", { name: "Zoom in", exact: true }).click();
    await expect.poll(() => zoomOf(page)).toBe(zoom + 1);
    await map.getByRole("button", { name: "Zoom out", exact: true }).click();
    await expect.poll(() => zoomOf(page)).toBe(zoom);

    // A cluster zooms in to its locations, which then have pins of their own.
    const cluster = map.locator("button.map-pin--cluster").first();
    const members = /^\d+ locations: (.+)\. Zoom in to them$/.exec((await cluster.getAttribute("aria-label")) ?? "")?.[1]?.split(", ") ?? [];
    expect(members.length).toBeGreaterThan(1);
    const markersOf = () => markers.evaluateAll((buttons, names) => buttons.filter((button) => names.some((name) => button.getAttribute("aria-label")?.includes(name))).length, members);
    await expect(markersOf()).resolves.toBe(1);
    await cluster.click();
    await expect.poll(() => zoomOf(page)).toBeGreaterThan(zoom);
    await expect.poll(markersOf).toBeGreaterThan(1);
    await map.getByRole("button", { name: "Zoom out", exact: true }).click();

    const pin = map.locator("button.map-pin:not(.map-pin--cluster)").first();
    const before = await pin.boundingBox();
    const box = await map.locator(".locations-map__surface").boundingBox();
    if (!before || !box) throw new Error("the map is not laid out");
    // Drag from a corner (away from the pins) by 60, 40.
    await page.mouse.move(box.x + 20, box.y + box.height - 20);
    await page.mouse.down();
    await page.mouse.move(box.x + 50, box.y + box.height - 40, { steps: 3 });
    await page.mouse.move(box.x + 80, box.y + box.height - 60, { steps: 3 });
    await page.mouse.up();
    const after = await pin.boundingBox();
    expect(Math.round((after?.x ?? 0) - before.x)).toBe(60);
    expect(Math.round((after?.y ?? 0) - before.y)).toBe(-40);

    // A pin opens from the keyboard too.
    await pin.focus();
    await page.keyboard.press("Enter");
    const name = (await pin.getAttribute("aria-label")) ?? "";
    await expect(map.getByRole("region", { name }).locator(".location-card__status").textContent()).resolves.toMatch(OPEN_STATUS);
    // The live map with a card open passes axe (WCAG 2.2 AA) like the rest of the page.
    await expect(axeViolations(page, [], WCAG_22_AA)).resolves.toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("without a script both sites show the static picture of their locations with a pin each", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: DESKTOP.viewport });
    const page = await context.newPage();
    for (const [site, pins] of [["harbour-city-motors", 2], ["summit-auto-group", 10]] as const) {
      await page.goto(siteUrl(site, "/dealer-locator"));
      const picture = page.getByRole("img", { name: /^Map of \d+ locations: / });
      await picture.scrollIntoViewIfNeeded();
      await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      await expect(page.locator(".map-pin--static").count()).resolves.toBe(pins);
      await expect(page.locator(".locations-map__surface").count()).resolves.toBe(0);
    }
    await context.close();
  });
});
