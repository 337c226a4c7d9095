import type { Car } from "@dealer/shared/contract";
import {
  amortisedPayment,
  BUDGET_DISCLAIMER,
  budgetBasisText,
  budgetCarType,
  budgetFromRepayment,
  boundsWithStart,
  type CarFinance,
  type CarRepayment,
  carFinance,
  cardWeeklyAmount,
  carRepayment,
  FINANCE_DISCLAIMER_ANCHOR,
  financeEntryFor,
  formatMoney,
  formatMoneyCents,
  formatNumber,
  formatRate,
  isExcludedFromFinance,
  isFinanceDisplayable,
  monthlyToWeekly,
  PAYMENTS_PER_YEAR,
  priceHelpText,
  rateHelpText,
  rateStepText,
  REPAYMENT_DISCLAIMER,
  repaymentBasis,
  repaymentBasisText,
  repaymentRatesText,
  repaymentText,
  siteSearchFilters,
  subscriptionOffer,
} from "@dealer/shared/rules";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, WCAG_22_AA } from "../support/axe";
import { demoConfig, waitForSlotWith } from "../support/finance";
import { searchCars } from "../support/finance-cars";
import { launchChromium, siteUrl, waitForHydration, waitForSlot } from "../support/platform";
import { openCar } from "../support/vehicles";

/**
 * Issue 32, goal 3 (ADR 0063): one finance decision (`carFinance`) on every surface. Every expected figure is computed
 * here from the records the search API returns, with the spec's formulas and the shared rule, never read from a page.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const now = () => new Date();
const text = async (locator: Locator) => ((await locator.textContent()) ?? "").replace(/\s+/g, " ").trim();
const LISTED = "status:in_stock AND show_on_dealer_website:true";

async function stock(site: string): Promise<Car[]> {
  return searchCars(site, LISTED, 1000);
}

function pick(cars: Car[], test: (car: Car) => boolean, what: string): Car {
  const car = cars.find(test);
  if (!car) throw new Error(`no ${what}`);
  return car;
}

const decision = (site: string, car: Car): CarFinance => carFinance(car, demoConfig(site), now());
const figureOf = (site: string, car: Car) => {
  const figure = carRepayment(car, demoConfig(site), now());
  if (!figure) throw new Error(`car ${car.id} has no figure on ${site}`);
  return figure;
};

async function openPage(site: string, path: string, width = 1280): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(siteUrl(site, path), { waitUntil: "domcontentloaded" });
  await waitForHydration(page);
  return page;
}

/** The car's search card, found by its stock number. */
async function searchCard(site: string, car: Car): Promise<{ page: Page; card: Locator }> {
  const page = await openPage(site, `/search?query=${encodeURIComponent(car.stocknum)}`);
  return { page, card: page.locator(`.card:has(a[href="/cars/${car.slug}"])`).first() };
}

/** Every finance surface of a car page, each slot waited for (the below-the-fold ones hydrate on approach). */
async function carPageFinance(site: string, car: Car) {
  const { page } = await openCar(browser, site, `/cars/${car.slug}`);
  const quoteRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/youx/quote")) quoteRequests.push(request.url());
  });
  for (const slot of ["finance", "estimate", "calculator"]) {
    if ((await page.locator(`#slot-${slot}`).count()) > 0) await waitForSlot(page, slot);
  }
  await page.evaluate(() => window.scrollTo(0, 900));
  return { page, quoteRequests };
}

describe("a car the finance rules exclude shows no finance anywhere: card, box, sticky header, estimate, calculator, quotes", () => {
  // An excluded make or dealership offers no finance at all, not even the sidebar's and sticky header's finance buttons.
  const cases: { site: string; what: string; test: (site: string, car: Car) => boolean }[] = [
    // Spec §5's excluded make: Outback's Hino.
    { site: "outback-trucks", what: "an excluded make (Hino)", test: (site, car) => isExcludedFromFinance(car, demoConfig(site).finance) },
    // The Taurus-type lender's age limit, with the lender's rates on the record.
    {
      site: "harbour-city-motors",
      what: "a car past the lender's age limit",
      test: (site, car) => financeEntryFor(car, "taurus") !== null && !isFinanceDisplayable(car, demoConfig(site).finance, now()) && car.year <= now().getUTCFullYear() - 12,
    },
    { site: "harbour-city-motors", what: "a car without lender rates", test: (_site, car) => financeEntryFor(car, "taurus") === null },
    // The excluded dealership, with a stored quote and without one (no live quote is asked for either).
    { site: "summit-auto-group", what: "the excluded dealership's car with a stored quote", test: (_site, car) => car.dealership_slug === "summit-kia-adelaide" && !!car.youxQuote },
    { site: "summit-auto-group", what: "the excluded dealership's car without a quote", test: (_site, car) => car.dealership_slug === "summit-kia-adelaide" && !car.youxQuote },
  ];
  for (const { site, what, test } of cases) {
    it(`${site}: ${what}`, async () => {
      const car = pick(await stock(site), (candidate) => (candidate.price ?? 0) > 1000 && test(site, candidate), what);
      expect(decision(site, car)).toEqual({ offered: false });

      const { page: search, card } = await searchCard(site, car);
      await card.waitFor();
      expect(await card.locator(".card__finance").count()).toBe(0);
      await search.close();

      const { page, quoteRequests } = await carPageFinance(site, car);
      expect(await page.locator(".finance-box").count()).toBe(0);
      expect(await page.locator(".estimate-panel, .estimate-panel__quote").count()).toBe(0);
      expect(await page.locator("#finance-calculator").count()).toBe(0);
      expect(await page.locator(".price-block__weekly").count()).toBe(0);
      expect(await page.getByText(/Finance estimate|Your finance quote|Getting your quote/).count()).toBe(0);
      expect(quoteRequests).toEqual([]);
      const excluded = isExcludedFromFinance(car, demoConfig(site).finance);
      expect(await page.locator("a.vehicle-action--finance").count()).toBe(excluded ? 0 : await page.locator("a.vehicle-action--finance").count());
      if (excluded) expect(await page.getByRole("link", { name: /Finance Enquiry|Get Finance/ }).count()).toBe(0);
      await page.context().close();
    });
  }
});

describe("a lender's published payment is the car's figure whatever its size: the rule is price over $500", () => {
  it("ridge-motorcycles (Angle-type): bikes whose weekly payment is $25 or less keep it on the card, finance box and calculator", async () => {
    const site = "ridge-motorcycles";
    const config = demoConfig(site);
    const cars = (await stock(site)).filter((car) => {
      const entry = financeEntryFor(car, config.finance.provider);
      return (car.price ?? 0) > 500 && entry?.paymentWeek != null && entry.paymentWeek <= 25 && isFinanceDisplayable(car, config.finance, now());
    });
    expect(cars.length).toBeGreaterThan(0);
    for (const car of cars) expect(carRepayment(car, config, now())?.amount).toBe(financeEntryFor(car, config.finance.provider)?.paymentWeek);
    const car = cars[0] as Car;
    const figure = figureOf(site, car);
    const { page: search, card } = await searchCard(site, car);
    expect(await text(card.locator(".card__finance"))).toBe(`Finance ${repaymentText(figure)} at ${repaymentRatesText(figure)}`);
    await search.close();
    const { page } = await carPageFinance(site, car);
    expect(await text(page.locator(".finance-box__amount"))).toBe(formatMoneyCents(figure.amount));
    expect(await text(page.locator("#finance-calculator [data-testid=repayment]"))).toBe(formatMoneyCents(figure.amount));
    expect(await page.locator("#finance-calculator .finance-calculator__error").count()).toBe(0);
    await page.context().close();
  });
});

describe("the calculator's bounds never refuse the car's own figures, and a refused input never produces a figure", () => {
  it("harbour-city-motors: a lender rate under the 7.5 % floor stands, a quick pick computes at it; 16 % and $1,000 are refused with no figure", async () => {
    const site = "harbour-city-motors";
    const config = demoConfig(site);
    const car = pick(await stock(site), (candidate) => (carRepayment(candidate, config, now())?.interestRate ?? 99) < config.finance.calculator.rateMin, "a car with a rate under the floor");
    const figure = figureOf(site, car);
    const bounds = boundsWithStart(config.finance.calculator, figure.start);
    const { page } = await carPageFinance(site, car);
    const calculator = page.locator("#finance-calculator");
    const rateBox = calculator.getByLabel("Interest rate (% p.a.)");
    expect(await rateBox.inputValue()).toBe(String(figure.interestRate));
    expect(await calculator.locator(".finance-calculator__error").count()).toBe(0);
    expect(await text(calculator.locator("[data-testid=repayment]"))).toBe(formatMoneyCents(figure.amount));

    // A quick pick: the spec's formula at the rate the page filled in, the fee financed, in the lender's frequency.
    await calculator.getByRole("button", { name: "$31,000" }).click();
    const perYear = PAYMENTS_PER_YEAR[figure.start.frequency];
    const expected = amortisedPayment(31000 - figure.start.tradeIn + config.finance.establishmentFee, figure.interestRate, figure.start.term, perYear, figure.start.residual);
    await expect.poll(() => text(calculator.locator("[data-testid=repayment]"))).toBe(formatMoneyCents(expected));
    expect(await calculator.locator(".finance-calculator__error").count()).toBe(0);

    await rateBox.fill("16");
    await calculator.getByText(rateHelpText(bounds)).first().waitFor();
    expect(await calculator.locator("[data-testid=repayment]").count()).toBe(0);
    expect(await calculator.locator("svg").count()).toBe(0);
    await rateBox.fill(String(figure.interestRate));
    await calculator.locator("[data-testid=repayment]").waitFor();

    const priceBox = calculator.getByLabel("Purchase price");
    await priceBox.fill("1000");
    await calculator.getByText(priceHelpText(bounds)).first().waitFor();
    expect(await calculator.locator("[data-testid=repayment]").count()).toBe(0);
    expect(await text(calculator.locator("[data-testid=total]"))).toBe("");
    await page.context().close();
  });

  it("summit-auto-group: a typed rate off the 0.5 % grid is refused (7.3 %); on it the spec's formula answers (7.5 %)", async () => {
    const site = "summit-auto-group";
    const config = demoConfig(site);
    const page = await openPage(site, "/finance?vehiclePriceBudget=30000");
    await waitForSlotWith(page, "#finance-calculator");
    const calculator = page.locator("#finance-calculator");
    const rateBox = calculator.getByLabel("Interest rate (% p.a.)");
    await rateBox.fill("7.3");
    await calculator.getByText(rateStepText(config.finance.calculator)).first().waitFor();
    expect(await calculator.locator("[data-testid=repayment]").count()).toBe(0);
    await rateBox.fill("7.5");
    const monthly = amortisedPayment(30000 + config.finance.establishmentFee, 7.5, 5, 12);
    await expect.poll(() => text(calculator.locator("[data-testid=repayment]"))).toBe(formatMoneyCents(monthly));
    await page.close();
  });

  it("ridge-motorcycles: 25 % is over the Angle-type 20 % ceiling: the reason, and no figure", async () => {
    const site = "ridge-motorcycles";
    const page = await openPage(site, `${demoConfig(site).finance.financePath}?vehiclePriceBudget=30000`);
    await waitForSlotWith(page, "#finance-calculator");
    const calculator = page.locator("#finance-calculator");
    await calculator.getByLabel("Interest rate (% p.a.)").fill("25");
    await calculator.getByText(rateHelpText(demoConfig(site).finance.calculator)).first().waitFor();
    expect(await calculator.locator("[data-testid=repayment]").count()).toBe(0);
    await page.close();
  });
});

describe("every rate beside a repayment is the rate it was computed at, the disclaimer included", () => {
  it("harbour-city-motors: the lender's figure, its basis and its own disclaimer name one rate", async () => {
    const site = "harbour-city-motors";
    const car = pick(await stock(site), (candidate) => carRepayment(candidate, demoConfig(site), now())?.source === "lender", "a financed car");
    const figure = figureOf(site, car);
    const { page } = await carPageFinance(site, car);
    expect(await text(page.locator("[data-testid=advertised-rate]"))).toBe(formatRate(figure.interestRate));
    expect(await text(page.locator("[data-testid=estimate-assumptions]"))).toBe(repaymentBasisText(repaymentBasis(figure)));
    await page.getByRole("button", { name: "View disclaimer" }).click();
    expect(await text(page.locator("[data-testid=disclaimer-text]"))).toContain(`${figure.interestRate}% p.a.`);
    await page.context().close();
  });

  for (const site of ["summit-auto-group", "metro-certified"]) {
    it(`${site}: a car whose lender rates the rules do not show gets a live quote at the quote's rate, never the lender's disclaimer`, async () => {
      const config = demoConfig(site);
      const car = pick(
        await stock(site),
        (candidate) => {
          const entry = financeEntryFor(candidate, config.finance.provider);
          return !!entry?.disclaimer && !isFinanceDisplayable(candidate, config.finance, now()) && decision(site, candidate).offered && !candidate.youxQuote;
        },
        "a car with undisplayable lender rates and no stored quote",
      );
      const entry = financeEntryFor(car, config.finance.provider);
      const finance = decision(site, car);
      if (!finance.offered) throw new Error("expected finance");
      // The platform's local quote: the site's rate and fee over 5 years, no deposit or balloon, weekly via 4.33.
      const { defaultInterestRate: rate, establishmentFee: fee } = config.finance;
      const weekly = Math.round(monthlyToWeekly(amortisedPayment(finance.price + fee, rate, 5, 12)) * 100) / 100;
      const { page } = await carPageFinance(site, car);
      await page.getByText("Your finance quote").waitFor();
      expect(await text(page.locator("[data-testid=estimate-repayment]"))).toBe(formatMoneyCents(weekly));
      expect(await text(page.locator("[data-testid=advertised-rate]"))).toBe(formatRate(rate));
      await page.getByRole("button", { name: "View disclaimer" }).click();
      const disclaimer = await text(page.locator("[data-testid=disclaimer-text]"));
      expect(disclaimer).not.toBe(entry?.disclaimer);
      if (entry?.interestRate != null) expect(disclaimer).not.toContain(`${entry.interestRate}%`);
      await page.context().close();
    });
  }
});

describe("/compare explains each figure by its own basis", () => {
  for (const site of ["harbour-city-motors", "summit-auto-group"]) {
    it(`${site}: each car's figure, rates and basis, and the disclaimer; no site-wide 10 % sentence`, async () => {
      const config = demoConfig(site);
      const cars = (await stock(site)).filter((car) => carRepayment(car, config, now()) !== null);
      // Two cars on different terms (a balloon and none, where the stock has both).
      const first = cars[0] as Car;
      const second = cars.find((car) => figureOf(site, car).start.residual !== figureOf(site, first).start.residual) ?? (cars[1] as Car);
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addInitScript((ids) => localStorage.setItem("compareCars", JSON.stringify(ids)), [first.id, second.id]);
      const page = await context.newPage();
      await page.goto(siteUrl(site, "/compare"));
      await waitForHydration(page);
      const cells = page.getByTestId("compare-finance");
      await expect.poll(() => cells.count(), { timeout: 15_000 }).toBe(2);
      for (const [index, car] of [first, second].entries()) {
        const figure = figureOf(site, car);
        const basis = repaymentBasisText(repaymentBasis(figure));
        expect(await text(cells.nth(index))).toBe(`${repaymentText(figure)} at ${repaymentRatesText(figure)}${basis}`);
      }
      expect(await text(page.getByTestId("compare-finance-disclaimer"))).toBe(REPAYMENT_DISCLAIMER);
      expect(await text(page.locator("#slot-compare"))).not.toContain("30% final payment");
      await context.close();
    });
  }
});

describe("the weekly repayment filter compares the figure each card headlines", () => {
  for (const site of ["harbour-city-motors", "metro-certified"]) {
    it(`${site}: range[weekly_price_range]=:300 lists the cars whose headline (a subscription, else finance) is $300/wk or less`, async () => {
      const config = demoConfig(site);
      const listed = siteSearchFilters(config, now()).map((filter) => `(${filter})`).join(" AND ");
      const weekly = new Map<number, number>();
      for (const car of await searchCars(site, listed, 1000)) {
        const figure = cardWeeklyAmount(car, config, now());
        if (figure !== null) weekly.set(car.id, figure);
      }
      const expected = [...weekly.values()].filter((figure) => figure <= 300).length;
      expect(expected).toBeGreaterThan(0);
      const page = await openPage(site, "/search?range%5Bweekly_price_range%5D=:300");
      await expect.poll(() => page.locator(".search-results__count").innerText()).toMatch(new RegExp(`^${formatNumber(expected)} vehicles? ·`));
      const cards = await page.locator(".card__link[data-car-id]").evaluateAll((links) =>
        links.map((link) => ({ id: Number((link as HTMLElement).dataset.carId), price: link.parentElement?.querySelector(".card__price")?.textContent ?? "" })),
      );
      expect(cards.length).toBeGreaterThan(0);
      for (const card of cards) {
        expect(weekly.get(card.id)).toBeLessThanOrEqual(300);
        const [car] = await searchCars(site, `objectID:${card.id}`, 1);
        const subscription = subscriptionOffer(car as Car, config);
        // A card that headlines a subscription is listed by it, never by its smaller finance line.
        if (subscription !== null) expect(card.price.replace(/\s+/g, " ")).toContain(`${formatMoney(subscription)}/wk`);
      }
      await page.close();
    });
  }
});

describe("the budget finder shows its basis and disclaimer, clamps its inputs, and names what it sells", () => {
  const cases = [
    { site: "harbour-city-motors", noun: "Car" },
    { site: "ridge-motorcycles", noun: "Motorcycle" },
  ];
  for (const { site, noun } of cases) {
    it(`${site}: basis and disclaimer, a budget of at most $1,000,000, 'View ${noun === "Car" ? "{body}s" : `{body} ${noun}s`} In This Range'`, async () => {
      const page = await openPage(site, "/budget-finder");
      await waitForSlot(page, "budget");
      const finder = page.locator("#slot-budget");
      expect(await text(finder.getByTestId("budget-basis"))).toBe(budgetBasisText(200, "weekly", 2000));
      expect(await text(finder.getByTestId("budget-disclaimer"))).toBe(BUDGET_DISCLAIMER);

      await finder.getByLabel("Weekly repayment").fill("230770");
      await finder.getByLabel("Deposit or trade-in").fill("3500");
      await expect.poll(() => text(finder.getByTestId("budget"))).toBe(formatMoney(budgetFromRepayment(230770, "weekly", 3500)));
      expect(await text(finder.getByTestId("budget"))).toBe("$1,000,000");
      await finder.getByLabel("Deposit or trade-in").fill("60000000");
      await expect.poll(() => finder.getByLabel("Deposit or trade-in").inputValue()).toBe("1,000,000");

      const tile = finder.getByRole("group", { name: "Select your preferred car types" }).getByRole("button").first();
      const body = await text(tile);
      await tile.click();
      await finder.getByRole("link", { name: `View ${budgetCarType([body], noun)}s In This Range` }).waitFor();
      await page.close();
    });
  }
});

/**
 * ADR 0065: every surface that shows a figure shows its basis and a disclaimer: the search cards (the figure's terms and
 * a reference to the disclaimer the page states once), the car page's price block, finance box and sticky header (its
 * terms and a reference to the calculator's disclaimer). The terms are computed from the record's lender entry here,
 * not with the rule that writes them.
 */
/** The figure's terms as the spec's basis names them: its term, deposit and final payment. */
function expectedTerms(figure: CarRepayment): string {
  const { term, tradeIn, residual } = figure.start;
  return `Over ${term} ${term === 1 ? "year" : "years"} with a ${formatMoney(tradeIn)} deposit and a ${formatMoney(residual)} final payment.`;
}

/** A financed car of the site (a balloon where the stock has one, so the terms are not all zeros) and its figure. */
async function financedCar(site: string): Promise<{ car: Car; figure: CarRepayment }> {
  const config = demoConfig(site);
  const financed = (await stock(site)).flatMap((car) => {
    const figure = carRepayment(car, config, now());
    return figure ? [{ car, figure }] : [];
  });
  const found = financed.find(({ figure }) => figure.start.residual > 0) ?? financed[0];
  if (!found) throw new Error(`no financed car on ${site}`);
  return found;
}

// A weekly lender on a car dealer (Taurus-type) and the monthly Nissan-type lender on the truck dealer.
describe.each(["harbour-city-motors", "outback-trucks"])("finance basis and disclaimer on %s", (site) => {
  for (const width of [390, 1280]) {
    it(`search cards at ${width} px: each figure with its terms and a link to the disclaimer the page states once`, async () => {
      const { car, figure } = await financedCar(site);
      const page = await openPage(site, `/search?query=${encodeURIComponent(car.stocknum)}`, width);
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
    const page = await openPage(site, "/search", 1280);
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

const onGrid = (rate: number, step: number) => Math.abs(rate / step - Math.round(rate / step)) < 1e-9;

/**
 * The other way a car's own rate falls outside the calculator's rules (beside Harbour's floor, above): a lender's rate
 * off the site's 0.5 % grid (8.3 %), on a car dealer and the truck dealer (monthly figures).
 */
describe.each(["summit-auto-group", "outback-trucks"])("the calculator on %s starts on the car's own off-grid rate", (site) => {
  it("starts on the car's own off-grid rate without an error; a typed off-grid rate is refused with no figure", async () => {
    const config = demoConfig(site);
    const step = config.finance.calculator.rateStep;
    const now = new Date();
    const car = (await stock(site)).find((candidate) => {
      const figure = carRepayment(candidate, config, now);
      return figure?.source === "lender" && !onGrid(figure.interestRate, step);
    });
    if (!car) throw new Error(`no car with an off-grid lender rate on ${site}`);
    const figure = carRepayment(car, config, now);
    if (!figure) throw new Error("expected a figure");

    const { page } = await openCar(browser, site, `/cars/${car.slug}`);
    await waitForSlotWith(page, "#finance-calculator");
    const calculator = page.locator("#finance-calculator");
    const rateBox = calculator.getByLabel("Interest rate (% p.a.)");
    expect(await rateBox.inputValue()).toBe(String(figure.interestRate));
    expect(await calculator.locator(".finance-calculator__error").count()).toBe(0);
    expect(await text(calculator.locator("[data-testid=repayment]"))).toBe(formatMoneyCents(figure.amount));

    // A rate the shopper types must be on the grid: refused, and no figure beside the reason.
    // Off the grid and not the rate the page filled in (a lender's 8.3 % is accepted only because the page put it there).
    const typed = [0.3, 0.2].map((part) => Math.floor(figure.interestRate) + part).find((rate) => Math.abs(rate - figure.interestRate) > 1e-9) as number;
    await rateBox.fill(String(typed));
    await calculator.getByText(rateStepText(config.finance.calculator)).first().waitFor();
    expect(await calculator.locator("[data-testid=repayment]").count()).toBe(0);

    // On the grid again: the spec's formula at that rate on the car's own terms (the fee financed, its frequency).
    const onStep = Math.round(typed / step) * step;
    await rateBox.fill(String(onStep));
    const { start } = figure;
    const expected = amortisedPayment(start.amount - start.tradeIn + config.finance.establishmentFee, onStep, start.term, PAYMENTS_PER_YEAR[start.frequency], start.residual);
    await expect.poll(() => text(calculator.locator("[data-testid=repayment]"))).toBe(formatMoneyCents(expected));
    expect(await calculator.locator(".finance-calculator__error").count()).toBe(0);
    await page.context().close();
  });
});
