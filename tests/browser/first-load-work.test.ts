import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, siteUrl, watchConsole } from "../support/platform";
import { carPath, cars, PHONE } from "../support/vehicles";

const SITE = "harbour-city-motors";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** Notes every Intl formatter the page builds (its name and the line that built it), from before any script runs. */
function recordIntlBuilt() {
  const built: string[] = [];
  (window as unknown as { intlBuilt: string[] }).intlBuilt = built;
  for (const name of ["NumberFormat", "DateTimeFormat", "PluralRules", "RelativeTimeFormat", "ListFormat"] as const) {
    const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
    // The formatter's name and the line that built it (with or without `new`).
    const note = () => built.push(`${name} ${new Error().stack?.split("\n")[3]?.trim() ?? ""}`);
    const Counted = new Proxy(Original, {
      construct(target, args) {
        note();
        return Reflect.construct(target, args);
      },
      apply(target, self, args) {
        note();
        return Reflect.apply(target as unknown as (...a: unknown[]) => unknown, self, args);
      },
    });
    Object.defineProperty(Intl, name, { value: Counted, configurable: true, writable: true });
  }
}
const intlBuilt = (page: Page) => page.evaluate(() => (window as unknown as { intlBuilt: string[] }).intlBuilt);

/**
 * The first Intl formatter a page builds loads the locale's data: 20-300 ms of a slow phone's main thread (ADR 0097).
 * Numbers and money are written without Intl, so a page's first load, hydration included, builds none: a module that
 * builds one as it loads (a `const format = new Intl.NumberFormat(...)` beside a component) shows up here.
 */
describe("a first load on a phone", () => {
  for (const route of ["/search", "/cars/{slug}", "/finance", "/dealer-locator"]) {
    it(`of ${route} builds no Intl formatter`, async () => {
      const context = await browser.newContext({ viewport: PHONE });
      await context.addInitScript(recordIntlBuilt);
      const page = await context.newPage();
      const path = route === "/cars/{slug}" ? carPath(SITE, cars.inStock) : route;
      await page.goto(siteUrl(SITE, path));
      // Every slot near the viewport at start-up has hydrated.
      await page.waitForSelector("html[data-hydrated]");
      await expect(intlBuilt(page)).resolves.toEqual([]);
      await context.close();
    });
  }

  it("of a drive-away estimate, asked for on the car page, builds none either (its date is written without Intl, ADR 0134)", async () => {
    const context = await browser.newContext({ viewport: PHONE });
    await context.addInitScript(recordIntlBuilt);
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto(siteUrl(SITE, carPath(SITE, `${cars.inStock} AND json_extract(data, '$.price_type') = 'Excl. Government Charges'`)));
    const panel = page.getByTestId("drive-away");
    // Its code loads on use.
    await panel.scrollIntoViewIfNeeded();
    await panel.hover();
    await panel.locator("xpath=self::*[@data-ready='true']").waitFor();
    await panel.getByLabel("State or territory").selectOption("NSW");
    await panel.getByRole("button", { name: "Show drive-away price" }).click();
    await expect.poll(() => panel.innerText()).toMatch(/Estimate as at \d{1,2} [A-Z][a-z]+ \d{4}/);
    await expect(intlBuilt(page)).resolves.toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("a page whose slots all wait for use (ADR 0133)", () => {
  const headerHydrated = (page: Page) => page.evaluate(() => Object.keys(document.getElementById("shell-header") ?? {}).some((key) => key.startsWith("__reactContainer")));

  it("on a touch phone evaluates no React at load: a tap on the header's Menu hydrates it and opens the menu", async () => {
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto(siteUrl(SITE, "/finance"));
    await page.waitForSelector("html[data-hydrated]");
    await expect(headerHydrated(page)).resolves.toBe(false);
    // The tap comes before the header's code: it is held, and replayed once the header has hydrated.
    await page.locator(".shell-header__menu-toggle").tap();
    await expect.poll(() => page.locator(".shell-header").getAttribute("data-menu-open")).toBe("true");
    await expect(headerHydrated(page)).resolves.toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("with a mouse hydrates the header at load, whose dropdowns may open on hover", async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(siteUrl(SITE, "/finance"));
    await expect.poll(() => headerHydrated(page)).toBe(true);
    await context.close();
  });

  it("on a touch phone that saved a car hydrates the header at load, to count it", async () => {
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(siteUrl(SITE, "/favourites"));
    await page.evaluate(() => window.localStorage.setItem("favourites", JSON.stringify([{ id: 1 }])));
    await page.goto(siteUrl(SITE, "/finance"));
    await expect.poll(() => headerHydrated(page)).toBe(true);
    await context.close();
  });
});

/**
 * The view counter counts up over 1 s (spec §9) from when the shopper can see it, drawing its frames without a React
 * render (ADR 0134): below the fold it stays at 0 and costs no frame; reduced motion shows the count at once.
 */
describe("the car page's view counter", () => {
  // Every text its counting line shows, from before the page's scripts run.
  const recordCounts = () => {
    const shown: string[] = [];
    (window as unknown as { countsShown: string[] }).countsShown = shown;
    new MutationObserver(() => {
      const text = document.querySelector("[data-testid='view-counter'] [aria-hidden='true']")?.textContent;
      if (text && text !== shown.at(-1)) shown.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  };
  const countsShown = (page: Page) => page.evaluate(() => (window as unknown as { countsShown: string[] }).countsShown);
  const views = (text: string) => Number(text.replace(/\D/g, ""));

  async function openBelowTheFold(options: { reducedMotion?: "reduce" } = {}) {
    // A short window puts the counter below the fold.
    const context = await browser.newContext({ viewport: { width: PHONE.width, height: 400 }, hasTouch: true, isMobile: true, ...options });
    await context.addInitScript(recordCounts);
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto(siteUrl(SITE, carPath(SITE, cars.inStock)));
    const counter = page.getByTestId("view-counter");
    await expect.poll(() => counter.locator(".visually-hidden").textContent()).toMatch(/^[\d,]+ views$/);
    const box = await counter.boundingBox();
    expect(box?.y ?? 0).toBeGreaterThan(400);
    return { context, page, counter, errors, total: views((await counter.locator(".visually-hidden").textContent()) ?? "") };
  }

  it("stays at 0 below the fold, then counts up through the figures once scrolled into view", async () => {
    const { context, page, counter, errors, total } = await openBelowTheFold();
    expect(total).toBeGreaterThan(10);
    await page.waitForTimeout(1500);
    await expect(countsShown(page)).resolves.toEqual(["0 views"]);
    await counter.scrollIntoViewIfNeeded();
    await expect.poll(() => counter.locator("[aria-hidden='true']").textContent()).toBe(await counter.locator(".visually-hidden").textContent());
    const climbing = (await countsShown(page)).map(views).filter((value) => value > 0 && value < total);
    expect(climbing.length).toBeGreaterThan(5);
    expect(climbing).toEqual([...climbing].sort((a, b) => a - b));
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the count at once where the shopper asked for reduced motion", async () => {
    const { context, page, counter, errors } = await openBelowTheFold({ reducedMotion: "reduce" });
    const final = await counter.locator(".visually-hidden").textContent();
    await expect(countsShown(page)).resolves.toEqual([final]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
