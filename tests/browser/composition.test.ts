import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firstCarPath, galleryStepsForward, launchChromium, siteUrl, waitForHydration, waitForSlot, watchConsole } from "../support/platform";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe("tenants", () => {
  it("each host shows its own name, stock and theme, never another's", async () => {
    const page = await browser.newPage();
    const seen: Record<string, { name: string; primary: string; cars: string[] }> = {};
    for (const site of ["harbour-city-motors", "ridge-motorcycles"]) {
      await page.goto(siteUrl(site, "/search"));
      seen[site] = {
        // The header's text, and the logo's alt text where the site has an image logo (issue 25).
        name: await page.locator("#shell-header").evaluate((header) => `${(header as HTMLElement).innerText} ${header.querySelector(".shell-header__logo")?.getAttribute("alt") ?? ""}`),
        primary: await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--brand-primary").trim()),
        cars: await page.locator(".card__title").allTextContents(),
      };
    }
    const harbour = seen["harbour-city-motors"]!;
    const ridge = seen["ridge-motorcycles"]!;
    expect(harbour.name).toContain("Harbour City Motors");
    expect(harbour.name).not.toContain("Ridge");
    expect(ridge.name).toContain("Ridge Motorcycles");
    expect(harbour.primary).not.toEqual(ridge.primary);
    expect(harbour.cars.length).toBeGreaterThan(0);
    expect(ridge.cars.length).toBeGreaterThan(0);
    expect(harbour.cars.some((title) => ridge.cars.includes(title))).toBe(false);
    await page.close();
  });
});

describe("server rendering and hydration", () => {
  it("/search and /cars/{slug} have their content with JavaScript disabled", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(siteUrl("harbour-city-motors", "/search"));
    expect(await page.locator(".search-results .card").count()).toBeGreaterThan(0);
    await page.goto(siteUrl("harbour-city-motors", await firstCarPath("harbour-city-motors")));
    await expect(page.locator("h1").first().innerText()).resolves.toMatch(/\d{4} /);
    expect(await page.locator("#slot-calculator").innerText()).toContain("repayments");
    await context.close();
  });

  it("/search hydrates without errors and pages through results", async () => {
    const page = await browser.newPage();
    const errors = watchConsole(page);
    await page.goto(siteUrl("harbour-city-motors", "/search"));
    await waitForHydration(page);
    await expect(page.locator("#slot-search").getAttribute("data-hydrated")).resolves.toBe("true");
    const first = await page.locator(".card__link").first().getAttribute("href");
    await page.getByRole("link", { name: "Next page" }).click();
    await page.getByText(/page 2 of/).waitFor();
    expect(await page.locator(".card__link").first().getAttribute("href")).not.toEqual(first);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("/cars/{slug} hydrates every slot and its gallery responds", async () => {
    const page = await browser.newPage();
    const errors = watchConsole(page);
    await page.goto(siteUrl("harbour-city-motors", await firstCarPath("harbour-city-motors")));
    await waitForHydration(page);
    for (const slot of ["vehicle", "calculator", "enquiry"]) await waitForSlot(page, slot);
    await page.locator("#slot-vehicle").scrollIntoViewIfNeeded();
    await galleryStepsForward(page);
    expect(errors).toEqual([]);
    await page.close();
  });

  it.each([
    ["a phone", { width: 390, height: 844 }],
    ["a desktop", { width: 1280, height: 900 }],
  ])("on %s, the sidebar's enquiry form loads its code only when the shopper reaches it and points at it", async (_, viewport) => {
    const page = await browser.newPage({ viewport });
    const errors = watchConsole(page);
    const formsRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/_mf/mf-forms/") && request.url().endsWith(".js")) formsRequests.push(request.url());
    });
    await page.goto(siteUrl("harbour-city-motors", await firstCarPath("harbour-city-motors")));
    await waitForHydration(page);
    await expect(page.locator("#slot-vehicle").getAttribute("data-hydrated")).resolves.toBe("true");
    expect(formsRequests).toEqual([]);
    await waitForSlot(page, "enquiry");
    expect(formsRequests.length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("react, react-dom and jotai are loaded once per page", async () => {
    const page = await browser.newPage();
    await page.goto(siteUrl("harbour-city-motors", await firstCarPath("harbour-city-motors")));
    await waitForHydration(page);
    const loaded = await page.evaluate(() => {
      type Share = Record<string, Record<string, Record<string, { loaded?: boolean; from?: string }>>>;
      const share = (globalThis as unknown as { __FEDERATION__?: { __SHARE__?: Record<string, Share> } }).__FEDERATION__?.__SHARE__ ?? {};
      const counts: Record<string, string[]> = {};
      for (const scopes of Object.values(share)) {
        for (const [, packages] of Object.entries(scopes)) {
          for (const [name, versions] of Object.entries(packages)) {
            for (const [version, info] of Object.entries(versions)) {
              if (info.loaded) (counts[name] ??= []).push(`${version}@${info.from}`);
            }
          }
        }
      }
      return counts;
    });
    for (const name of ["react", "react-dom", "jotai"]) expect(new Set(loaded[name] ?? []).size, `${name}: ${loaded[name]}`).toBe(1);
    await page.close();
  });
});
