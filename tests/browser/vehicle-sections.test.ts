import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { query } from "../support/db";
import { fetchSite, launchChromium, siteUrl, waitForSimilarRow, waitForSlot } from "../support/platform";
import { carPath, cars, DESKTOP, openCar, PHONE } from "../support/vehicles";

const SITE = "harbour-city-motors";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});


/** The first of the site's in-stock cars whose autogauge answer passes the visibility rule (or fails it). */
async function carWithComparison(visible: boolean): Promise<string> {
  const rows = query<{ slug: string }>(`SELECT slug FROM vehicles WHERE site = '${SITE}' AND status = 'in_stock' ORDER BY id LIMIT 40`);
  for (const { slug } of rows) {
    const body = (await (await fetchSite(SITE, `/cars/${slug}/autogauge`)).json()) as { confidence?: number; market_range_max?: number; listing_price?: number } | null;
    const shown = !!body && (body.confidence ?? 0) > 0.2 && (body.market_range_max ?? 0) >= (body.listing_price ?? Number.POSITIVE_INFINITY);
    if (shown === visible) return `/cars/${slug}`;
  }
  throw new Error(`no car whose price comparison is ${visible ? "shown" : "hidden"}`);
}

describe("information sections", () => {
  for (const [name, viewport] of [["phone", PHONE], ["desktop", DESKTOP]] as const) {
    it(`on a ${name}: key information shows 4 then Show More / Show Less; features 8 then Show All / Hide; accordion opens`, async () => {
      const { page, errors } = await openCar(browser, SITE, carPath(SITE, cars.manyFeatures), { viewport });
      await waitForSlot(page, "vehicle-info");
      const info = page.locator("#slot-vehicle-info");
      const keyRows = info.locator("section").filter({ has: page.getByRole("heading", { name: "Key information" }) }).locator(".vehicle-spec-grid-row");
      const visibleRows = async () => (await keyRows.evaluateAll((rows) => rows.filter((row) => row.checkVisibility()))).length;
      await expect.poll(visibleRows).toBe(4);
      await info.getByText("Show More", { exact: true }).click();
      await expect.poll(visibleRows).toBeGreaterThan(4);
      await info.getByText("Show Less", { exact: true }).click();
      await expect.poll(visibleRows).toBe(4);

      const features = info.locator(".vehicle-features li");
      const visibleFeatures = async () => (await features.evaluateAll((items) => items.filter((item) => item.checkVisibility()))).length;
      await expect.poll(visibleFeatures).toBe(8);
      await info.getByText("Show All", { exact: true }).click();
      await expect.poll(visibleFeatures).toBeGreaterThan(8);
      await info.getByText("Hide", { exact: true }).click();
      await expect.poll(visibleFeatures).toBe(8);

      const engine = info.getByText("Engine and performance", { exact: true });
      await engine.click();
      // The accordion opens over 300 ms (spec §9), so its rows show within that, not at the click.
      await expect.poll(() => info.getByText("Cylinders", { exact: true }).isVisible()).toBe(true);
      await expect(info.getByRole("heading", { name: "Vehicle details" }).isVisible()).resolves.toBe(true);
      await expect(info.getByRole("heading", { name: "Dealer comments" }).isVisible()).resolves.toBe(true);
      await expect(info.getByRole("heading", { name: "Why Buy From Us?" }).isVisible()).resolves.toBe(true);
      for (const link of ["Latest offers", "Book a service", "Sell your car"]) await expect(info.getByRole("link", { name: link }).count()).resolves.toBe(1);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }

  it("ship no JavaScript of their own: the info slot's markup is the server's", async () => {
    const { page } = await openCar(browser, SITE, carPath(SITE, cars.manyFeatures));
    const propsJson = await page.locator("#slot-vehicle-info-props").textContent();
    expect(propsJson).toBe("{}");
    await page.context().close();
  });
});

describe("price comparison", () => {
  it("shows a skeleton, then the market range counting up over 2 s, from the car's autogauge figures", async () => {
    const path = await carWithComparison(true);
    const { page, errors } = await openCar(browser, SITE, path);
    const figures = (await (await fetchSite(SITE, `${path}/autogauge`)).json()) as { market_range_max: number };
    await waitForSlot(page, "price-comparison");
    const panel = page.locator("#slot-price-comparison .price-comparison");
    await expect.poll(() => panel.getAttribute("data-state"), { timeout: 5000 }).toBe("data");
    const max = page.getByTestId("market-max");
    const shown = (text: string) => Number(text.replace(/[^\d]/g, ""));
    // A screen reader reads the figure itself at once, never one on its way up (ADR 0134).
    expect(shown(await page.locator("#slot-price-comparison .price-comparison__range .visually-hidden").last().innerText())).toBe(figures.market_range_max);
    // Part-way through the animation the figure is still climbing; at 2 s it has arrived.
    await expect.poll(async () => shown(await max.innerText()), { timeout: 4000 }).toBe(figures.market_range_max);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("is hidden when the figures are missing or not confident enough", async () => {
    const { page, errors } = await openCar(browser, SITE, await carWithComparison(false));
    await waitForSlot(page, "price-comparison");
    await expect.poll(() => page.locator("#slot-price-comparison .price-comparison").count(), { timeout: 5000 }).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe("fuel cost calculator", () => {
  it("works out the weekly cost from the inputs, ignoring '$', ',' and 'kms'", async () => {
    const petrol = `${cars.inStock} AND json_extract(data, '$.simple_fuel') = 'Petrol' AND json_extract(data, '$.variant.fuelconsumptioncombined') IS NOT NULL`;
    const { page, errors } = await openCar(browser, SITE, carPath(SITE, petrol));
    await waitForSlot(page, "fuel-cost");
    const calculator = page.locator("#slot-fuel-cost");
    await calculator.getByLabel("Fuel consumption (L/100km)").fill("10");
    await calculator.getByLabel("Fuel price ($ per litre)").fill("$2.00");
    await calculator.getByLabel("Kilometres per week").fill("1,000 kms");
    // 1,000 km at 10 L/100km and $2.00 a litre.
    await expect.poll(() => calculator.getByTestId("fuel-weekly").innerText()).toBe("$200.00");
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("is not offered for an electric car", async () => {
    const electric = `${cars.inStock} AND lower(json_extract(data, '$.simple_fuel')) LIKE '%electric%'`;
    const { page } = await openCar(browser, SITE, carPath(SITE, electric));
    // The gateway leaves the slot out of the page plan (vehicle-type-parts: fuelCalculatorShown).
    await expect(page.locator("#slot-fuel-cost").count()).resolves.toBe(0);
    await page.context().close();
  });
});

describe("share bar", () => {
  it("copies the car's link: 'Copied' for 1.5 s and the toast for 3 s; share links carry the address", async () => {
    const { page, errors } = await openCar(browser, SITE, carPath(SITE, cars.inStock));
    const share = page.getByRole("region", { name: "Share this vehicle" });
    await share.scrollIntoViewIfNeeded();
    // The bar hydrates as it comes into view (ADR 0022); the server could only give the path.
    await expect.poll(() => share.getByRole("link", { name: "Facebook" }).getAttribute("href")).toContain(encodeURIComponent(page.url()));
    for (const name of ["Twitter", "WhatsApp", "Email", "SMS"]) await expect(share.getByRole("link", { name }).count()).resolves.toBe(1);
    const title = await page.locator("h1").innerText();
    // The system clipboard of a headless browser can hold up closing it; the page's clipboard records the text instead.
    await page.evaluate(() => {
      navigator.clipboard.writeText = async (text: string) => {
        (window as unknown as { copiedText: string }).copiedText = text;
      };
    });
    const started = Date.now();
    await share.getByRole("button", { name: "Copy link" }).click();
    await share.getByRole("button", { name: "Copied" }).waitFor();
    await expect(share.getByRole("status").innerText()).resolves.toBe(`Copied ${title} to your clipboard!`);
    await expect(page.evaluate(() => (window as unknown as { copiedText: string }).copiedText)).resolves.toBe(page.url());
    await share.getByRole("button", { name: "Copy link" }).waitFor({ timeout: 3000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    await expect(share.getByRole("status").innerText()).resolves.toBe(`Copied ${title} to your clipboard!`);
    // An empty toast is hidden, so it is read by its element rather than its role.
    await expect.poll(() => share.locator(".vehicle-share__toast").textContent(), { timeout: 3000 }).toBe("");
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("opens Facebook in a 550x400 popup", async () => {
    const { page } = await openCar(browser, SITE, carPath(SITE, cars.inStock));
    await page.evaluate(() => {
      (window as unknown as { opened: unknown[] }).opened = [];
      window.open = (...args: unknown[]) => {
        (window as unknown as { opened: unknown[] }).opened.push(args);
        return null;
      };
    });
    // Before the bar hydrates (as it comes into view) the link is a plain new-tab link; hydrated, it opens the popup.
    const facebook = page.getByRole("region", { name: "Share this vehicle" }).getByRole("link", { name: "Facebook" });
    await facebook.scrollIntoViewIfNeeded();
    await expect.poll(() => facebook.getAttribute("href")).toContain(encodeURIComponent(page.url()));
    await facebook.click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { opened: string[][] }).opened[0]?.[2] ?? ""))
      .toMatch(/width=550,height=400/);
    await page.context().close();
  });
});

describe("sticky header and bottom bar, announcement", () => {
  it("the sticky header appears after 500 px of scrolling with name, price, Get Finance and Trade-In Valuation", async () => {
    const { page, errors } = await openCar(browser, SITE, carPath(SITE, `${cars.offerPrice} AND coalesce(json_extract(data, '$.tag'), '') != 'Test Drive Only'`));
    const header = page.getByTestId("sticky-header");
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect.poll(() => header.isVisible()).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 700));
    await expect.poll(() => header.isVisible()).toBe(true);
    await expect(header.innerText()).resolves.toContain(await page.locator("h1").innerText());
    await expect(header.innerText()).resolves.toMatch(/\$[\d,]+/);
    // A repayment shows only with its rates (ADR 0038, tests/browser/finance-one-figure.test.ts).
    await expect(header.innerText()).resolves.not.toMatch(/Finance from \$[\d,]+\/wk/);
    await expect(header.getByRole("link", { name: "Get Finance" }).isVisible()).resolves.toBe(true);
    await expect(header.getByRole("link", { name: "Trade-In Valuation" }).isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("on a phone the bottom bar offers enquire and call, and opens after 900 px", async () => {
    const { page } = await openCar(browser, SITE, carPath(SITE, cars.checkout), { viewport: PHONE });
    const bar = page.getByRole("navigation", { name: "Quick actions" });
    await expect(bar.isVisible()).resolves.toBe(true);
    await expect(bar.getByRole("link", { name: "Enquire" }).getAttribute("href")).resolves.toBe("#slot-enquiry");
    await expect(bar.getByRole("link", { name: "Call" }).getAttribute("href")).resolves.toMatch(/^tel:/);
    await expect(bar.getByRole("link", { name: "Reserve Car Now" }).count()).resolves.toBe(1);
    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect.poll(() => bar.getAttribute("class")).toContain("vehicle-sticky-bar--open");
    const desktop = await openCar(browser, SITE, carPath(SITE, cars.checkout));
    await expect(desktop.page.getByRole("navigation", { name: "Quick actions" }).isVisible()).resolves.toBe(false);
    await desktop.page.context().close();
    await page.context().close();
  });

  it("'Located at {city}' with Get Directions when the car is away from the primary location; X dismisses it", async () => {
    const site = "summit-auto-group";
    const [primary] = query<{ city: string }>(`SELECT json_extract(data, '$.address.city') AS city FROM locations WHERE site = '${site}' ORDER BY primary_flag DESC, id LIMIT 1`);
    const path = carPath(site, `${cars.inStock} AND json_extract(data, '$.location.address.city') != '${primary?.city}'`);
    const { page, errors } = await openCar(browser, site, path);
    const bar = page.getByRole("region", { name: "Vehicle location notice" });
    await expect(bar.innerText()).resolves.toMatch(/^Located at .+ Get Directions/);
    await expect(bar.getByRole("link", { name: "Get Directions" }).getAttribute("href")).resolves.toMatch(/^https:\/\//);
    // The bar's code loads on approach; a click that beats it is held and replayed once it has hydrated.
    await bar.getByRole("button", { name: "Dismiss" }).click();
    await expect.poll(() => bar.count()).toBe(0);
    const home = carPath(site, `${cars.inStock} AND json_extract(data, '$.location.address.city') = '${primary?.city}'`);
    await page.goto(siteUrl(site, home));
    await expect(page.getByRole("region", { name: "Vehicle location notice" }).count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe("similar vehicles and location", () => {
  it("lists up to 6 similar in-stock cars, same model first, never the car itself", async () => {
    const path = carPath(SITE, cars.inStock);
    const { page, errors } = await openCar(browser, SITE, path);
    await waitForSimilarRow(page);
    const similar = page.locator("#slot-similar");
    const links = await similar.locator(".vehicle-row__link").evaluateAll((list) => list.map((a) => a.getAttribute("href")));
    expect(links.length).toBeGreaterThan(0);
    expect(links.length).toBeLessThanOrEqual(6);
    expect(links).not.toContain(path);
    expect(new Set(links).size).toBe(links.length);
    await expect(similar.getByRole("link", { name: /^Search all / }).count()).resolves.toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("a sold car gets no similar-cars search, only the link to search", async () => {
    const { page } = await openCar(browser, SITE, carPath(SITE, cars.sold));
    await waitForSimilarRow(page);
    await expect(page.locator("#slot-similar .vehicle-row__link").count()).resolves.toBe(0);
    await expect(page.locator("#slot-similar").getByRole("link", { name: /^Search all / }).count()).resolves.toBe(1);
    await page.context().close();
  });

  it("the vehicle location block sits at #vehicle-map with the car's location and directions", async () => {
    const { page, errors } = await openCar(browser, SITE, carPath(SITE, cars.inStock));
    await waitForSlot(page, "vehicle-location");
    const block = page.locator("#vehicle-map");
    await expect(block.getByRole("heading", { name: "Vehicle location" }).count()).resolves.toBe(1);
    await expect(block.getByRole("link", { name: /Get directions/ }).count()).resolves.toBe(1);
    await expect(block.locator("address").innerText()).resolves.toMatch(/\d{4}$/);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe("sections below the fold (ADR 0132)", () => {
  it("on a phone are in Chromium's accessibility tree from the start, and so is the footer", async () => {
    const { page, errors } = await openCar(browser, SITE, carPath(SITE, cars.inStock), { viewport: PHONE });
    // What a screen reader's list of headings is built from. Content that content-visibility: auto skips is missing
    // from it until the shopper scrolls near, so no section of a page may be skipped that way.
    const cdp = await page.context().newCDPSession(page);
    const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as { nodes: { role?: { value?: string }; name?: { value?: string } }[] };
    const headings = nodes.flatMap((node) => (node.role?.value === "heading" && node.name?.value ? [node.name.value] : []));
    const footerHeading = await page.locator("#shell-footer h2").first().textContent();
    expect(headings).toEqual(expect.arrayContaining(["Similar vehicles", "Vehicle location", footerHeading]));
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
