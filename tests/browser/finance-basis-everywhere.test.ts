import type { Car } from "@dealer/shared/contract";
import {
  type CarRepayment,
  carRepayment,
  FINANCE_DISCLAIMER_ANCHOR,
  formatMoney,
  REPAYMENT_DISCLAIMER,
  repaymentRatesText,
  repaymentText,
} from "@dealer/shared/rules";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, WCAG_22_AA } from "../support/axe";
import { demoConfig } from "../support/finance";
import { searchCars } from "../support/finance-cars";
import { launchChromium, siteUrl, waitForHydration } from "../support/platform";
import { openCar } from "../support/vehicles";

/**
 * Issue 32, goal 3 (ADR 0065): every surface that shows a finance figure shows its basis and a disclaimer: the search
 * cards (the figure's terms and a reference to the disclaimer the page states once) and the car page's sticky header
 * (its terms and a reference to the calculator's disclaimer). The terms are computed here from the record's lender
 * entry, not with the rule that writes them.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const text = async (locator: Locator) => ((await locator.textContent()) ?? "").replace(/\s+/g, " ").trim();
const now = () => new Date();

/** The figure's terms as the spec's basis names them: its term, deposit and final payment. */
function expectedTerms(figure: CarRepayment): string {
  const { term, tradeIn, residual } = figure.start;
  return `Over ${term} ${term === 1 ? "year" : "years"} with a ${formatMoney(tradeIn)} deposit and a ${formatMoney(residual)} final payment.`;
}

/** A financed car of the site (a balloon where the stock has one, so the terms are not all zeros) and its figure. */
async function financedCar(site: string): Promise<{ car: Car; figure: CarRepayment }> {
  const config = demoConfig(site);
  const financed = (await searchCars(site, "status:in_stock AND show_on_dealer_website:true", 300)).flatMap((car) => {
    const figure = carRepayment(car, config, now());
    return figure ? [{ car, figure }] : [];
  });
  const found = financed.find(({ figure }) => figure.start.residual > 0) ?? financed[0];
  if (!found) throw new Error(`no financed car on ${site}`);
  return found;
}

async function openSearch(site: string, path: string, width: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(siteUrl(site, path), { waitUntil: "domcontentloaded" });
  await waitForHydration(page);
  return page;
}

// A weekly lender on a car dealer (Taurus-type) and the monthly Nissan-type lender on the truck dealer.
describe.each(["harbour-city-motors", "outback-trucks"])("finance basis and disclaimer on %s", (site) => {
  for (const width of [390, 1280]) {
    it(`search cards at ${width} px: each figure with its terms and a link to the disclaimer the page states once`, async () => {
      const { car, figure } = await financedCar(site);
      const page = await openSearch(site, `/search?query=${encodeURIComponent(car.stocknum)}`, width);
      const card = page.locator(`.card:has(a[href="/cars/${car.slug}"])`).first();
      expect(await text(card.locator(".card__finance"))).toBe(`Finance ${repaymentText(figure)} at ${repaymentRatesText(figure)}`);
      const terms = card.locator(".card__finance-terms");
      expect(await text(terms)).toBe(`${expectedTerms(figure)}*`);
      const star = terms.getByRole("link", { name: "See the finance disclaimer" });
      const target = (await star.getAttribute("href")) ?? "";
      // One disclaimer on the page, visible, the one the cards' links name.
      const disclaimer = page.locator(target);
      expect(await disclaimer.count()).toBe(1);
      expect(await text(disclaimer)).toBe(REPAYMENT_DISCLAIMER);
      expect(await disclaimer.isVisible()).toBe(true);
      expect(await page.getByText(REPAYMENT_DISCLAIMER).count()).toBe(1);
      // Every card with a figure has its terms.
      expect(await page.locator(".card__finance-terms").count()).toBe(await page.locator(".card__finance").count());
      expect(await axeViolations(page, [".search-results"], WCAG_22_AA)).toEqual([]);
      await page.close();
    });
  }

  it("every financed card on the first page of /search has its own terms", async () => {
    const config = demoConfig(site);
    const page = await openSearch(site, "/search", 1280);
    const cards = await page.locator(".card:has(.card__link[data-car-id])").all();
    let financed = 0;
    for (const card of cards) {
      const id = Number(await card.locator(".card__link").getAttribute("data-car-id"));
      const [car] = await searchCars(site, `objectID:${id}`, 1);
      const figure = carRepayment(car as Car, config, now());
      if (!figure) {
        expect(await card.locator(".card__finance, .card__finance-terms").count()).toBe(0);
        continue;
      }
      financed += 1;
      expect(await text(card.locator(".card__finance-terms"))).toBe(`${expectedTerms(figure)}*`);
    }
    expect(financed).toBeGreaterThan(0);
    await page.close();
  });

  it("the car page: the price block, finance box and sticky header give the figure's terms and link to the calculator's disclaimer", async () => {
    const { car, figure } = await financedCar(site);
    const { page } = await openCar(browser, site, `/cars/${car.slug}`);
    // The summary's price block: the figure, then its terms and the link.
    const summary = page.locator("#slot-vehicle .vehicle-detail__summary");
    expect(await text(summary.locator(".price-block__weekly"))).toBe(`Finance ${repaymentText(figure)} at ${repaymentRatesText(figure)}`);
    expect(await text(summary.locator(".vehicle-detail__repayment-terms"))).toBe(`${expectedTerms(figure)}*`);
    expect(await summary.locator(".vehicle-detail__repayment-terms").getByRole("link", { name: "See the finance disclaimer" }).getAttribute("href")).toBe(
      FINANCE_DISCLAIMER_ANCHOR,
    );
    // The sidebar's finance box: its terms under its rates.
    expect(await text(page.locator(".finance-box__terms"))).toBe(expectedTerms(figure));
    const header = page.getByTestId("sticky-header");
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect.poll(() => header.isVisible()).toBe(true);
    expect(await text(header.locator(".price-block__weekly"))).toBe(`Finance ${repaymentText(figure)} at ${repaymentRatesText(figure)}`);
    const terms = header.locator(".vehicle-sticky-header__terms");
    expect(await text(terms)).toBe(`${expectedTerms(figure)}*`);
    const star = terms.getByRole("link", { name: "See the finance disclaimer" });
    expect(await star.getAttribute("href")).toBe(FINANCE_DISCLAIMER_ANCHOR);
    // The disclaimer it names is on the page (the calculator's, below the fold) and the link takes the shopper there.
    await star.click();
    await expect.poll(() => page.locator(FINANCE_DISCLAIMER_ANCHOR).isVisible()).toBe(true);
    expect(await text(page.locator(`${FINANCE_DISCLAIMER_ANCHOR} .finance-disclaimer__text`))).not.toBe("");
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect.poll(() => header.isVisible()).toBe(true);
    expect(await axeViolations(page, ["[data-testid=sticky-header]"], WCAG_22_AA)).toEqual([]);
    await page.context().close();
  });
});
