import type { Car } from "@dealer/shared/contract";
import { amortisedPayment, carRepayment, financeEntryFor, priceTypeText, formatMoney, formatMoneyCents, isFinanceDisplayable } from "@dealer/shared/rules";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoConfig, waitForSlotWith } from "../support/finance";
import { searchCars } from "../support/finance-cars";
import { launchChromium, siteUrl, waitForHydration } from "../support/platform";
import { openCar } from "../support/vehicles";

// Issue 22, finance (ADR 0038). Every expected figure comes from the car's record as the search API returns it.
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const rate = (value: number) => `${value.toFixed(2)}%`;
type Lender = { paymentWeek: number; interestRate: number; comparisonRate: number; deposit: number; balloon: number; disclaimer: string };

/** An in-stock car on the website without a subscription whose lender publishes a weekly payment the site's rules show. */
async function financedCar(site: string, extra = ""): Promise<{ car: Car; lender: Lender }> {
  const config = demoConfig(site);
  const cars = await searchCars(site, `status:in_stock AND show_on_dealer_website:true${extra}`);
  for (const car of cars) {
    const entry = financeEntryFor(car, config.finance.provider);
    if (!entry?.paymentWeek || (car.subscription_price ?? 0) > 0 || !isFinanceDisplayable(car, config.finance, new Date())) continue;
    return { car, lender: entry as unknown as Lender };
  }
  throw new Error(`no financed car on ${site}`);
}

/** The lender's own weekly payment to the cent, with its rate and comparison rate. */
const expectedText = (lender: Lender) => `${formatMoneyCents(lender.paymentWeek)}/wk`;
const expectedRates = (lender: Lender) => `${rate(lender.interestRate)} p.a. (comparison rate ${rate(lender.comparisonRate)} p.a.)`;

const text = async (locator: Locator) => ((await locator.textContent()) ?? "").replace(/\s+/g, " ").trim();

/** The sticky header after 900 px of scrolling. */
async function stickyHeader(page: Page): Promise<Locator> {
  const header = page.getByTestId("sticky-header");
  await page.evaluate(() => window.scrollTo(0, 900));
  await expect.poll(() => header.isVisible()).toBe(true);
  return header;
}

async function openPage(site: string, path: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(siteUrl(site, path), { waitUntil: "domcontentloaded" });
  await waitForHydration(page);
  return page;
}

describe("every finance button from a car lands on the finance form, prefilled with the car", () => {
  for (const site of ["harbour-city-motors", "ridge-motorcycles", "outback-trucks"]) {
    it(`${site}: sidebar, finance box, sticky header and calculator go to ${demoConfig(site).finance.financePath}#finance-form with the car`, async () => {
      const { car } = await financedCar(site);
      const financePath = demoConfig(site).finance.financePath;
      const { page } = await openCar(browser, site, `/cars/${car.slug}`);
      const links = [
        page.locator("a.vehicle-action--finance", { hasText: /Finance Enquiry|Get Finance Quote/ }).first(),
        page.locator(".finance-box a.button"),
        (await stickyHeader(page)).locator("a", { hasText: "Get Finance" }),
        page.locator("#finance-calculator a", { hasText: "Apply for Finance" }),
      ];
      for (const link of links) {
        const href = new URL((await link.getAttribute("href")) ?? "", siteUrl(site));
        expect(href.pathname + href.hash).toBe(`${financePath}#finance-form`);
        expect(Object.fromEntries(href.searchParams)).toMatchObject({ preferredDealership: car.dealership_slug, car_id: String(car.id), car_type: car.car_type, vin: car.vin });
      }
      await links[0]?.click();
      await page.waitForURL((url) => url.pathname === financePath);
      const form = page.locator("#finance-form form");
      await form.waitFor({ state: "attached" });
      expect(await form.locator("input[name=car_id]").inputValue()).toBe(String(car.id));
      expect(await form.locator("input[name=car_type]").inputValue()).toBe(car.car_type);
      expect(await form.locator("input[name=vin]").inputValue()).toBe(car.vin);
      expect(await form.locator("[name=preferredDealership]").inputValue()).toBe(car.dealership_slug);
      await page.context().close();
    });
  }

  it("/finance's own Apply for Finance takes the calculator's figures to the form on the page", async () => {
    const page = await openPage("summit-auto-group", "/finance?vehiclePriceBudget=40000");
    await waitForSlotWith(page, "#finance-calculator");
    const calculator = page.locator("#finance-calculator");
    await calculator.getByLabel("Deposit or trade-in").fill("5000");
    await calculator.getByRole("link", { name: "Apply for Finance" }).click();
    await page.waitForURL(/deposit=5000/);
    expect(new URL(page.url()).hash).toBe("#finance-form");
    const form = page.locator("#finance-form form");
    await form.waitFor({ state: "attached" });
    expect(await form.locator("input[name='finance.deposit']").inputValue()).toBe("5000");
    expect(await form.getByLabel(/budget|price/i).first().inputValue()).toMatch(/^\$?40,?000$/);
    await page.close();
  });
});

describe("one car, one repayment, with its rate and comparison rate wherever it shows", () => {
  for (const site of ["harbour-city-motors", "summit-auto-group"]) {
    it(`${site}: card, price block, finance box, sticky header, estimate, calculator start and /compare show the lender's payment and rates`, async () => {
      const { car, lender } = await financedCar(site);
      const figure = expectedText(lender);
      const rates = expectedRates(lender);

      const search = await openPage(site, `/search?query=${encodeURIComponent(car.stocknum)}`);
      const card = search.locator(`.card:has(a[href="/cars/${car.slug}"])`).first();
      expect(await text(card.locator(".card__finance"))).toBe(`Finance ${figure} at ${rates}`);
      await search.close();

      const { page } = await openCar(browser, site, `/cars/${car.slug}`);
      // The price block under the title: the same figure with its rates, in one text size (design system, ADR 0038).
      const weekly = page.locator("#slot-vehicle .vehicle-detail__summary .price-block__weekly");
      expect(await text(weekly)).toBe(`Finance ${figure} at ${rates}`);
      const fontSize = (element: Element) => getComputedStyle(element).fontSize;
      expect(await weekly.locator(".price-block__rate").evaluate(fontSize)).toBe(await weekly.evaluate(fontSize));
      const box = page.locator(".finance-box");
      expect(await text(box.locator(".finance-box__repayment"))).toMatch(new RegExp(`^${figure.replace(/[$.]/g, "\\$&")}\\*?$`));
      const [rateCell, comparisonCell] = [box.locator("dd").nth(0), box.locator("dd").nth(1)];
      expect(await text(rateCell)).toBe(`${rate(lender.interestRate)} p.a.`);
      expect(await text(comparisonCell)).toBe(`${rate(lender.comparisonRate)} p.a.`);
      // The comparison rate is visible without a click and no smaller than the rate.
      expect(await comparisonCell.isVisible()).toBe(true);
      const size = (cell: Locator) => cell.evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize));
      expect(await size(comparisonCell)).toBeGreaterThanOrEqual(await size(rateCell));

      expect(await text((await stickyHeader(page)).locator(".price-block__weekly"))).toBe(`Finance ${figure} at ${rates}`);

      await waitForSlotWith(page, ".estimate-panel");
      expect(await text(page.locator("[data-testid=estimate-repayment]"))).toBe(formatMoneyCents(lender.paymentWeek));
      expect(await text(page.locator(".estimate-panel__per"))).toBe("per week");
      expect(await text(page.locator("[data-testid=advertised-rate]"))).toBe(rate(lender.interestRate));
      expect(await text(page.locator("[data-testid=comparison-rate]"))).toBe(rate(lender.comparisonRate));

      await waitForSlotWith(page, "#finance-calculator");
      const calculator = page.locator("#finance-calculator");
      expect(await calculator.getByLabel("Interest rate (% p.a.)").inputValue()).toBe(String(lender.interestRate));
      expect(await text(calculator.locator("[data-testid=repayment]"))).toBe(formatMoneyCents(lender.paymentWeek));
      await calculator.getByText("The lender's advertised repayment").waitFor();

      await page.locator(".vehicle-detail .saved-toggle--compare").first().click();
      await page.goto(siteUrl(site, "/compare"));
      await waitForHydration(page);
      const cell = page.locator("[data-testid=compare-finance]").first();
      // The figure and its rates, then its basis (ADR 0063).
      await expect.poll(async () => (await text(cell)).startsWith(`${figure} at ${rates}Based on `), { timeout: 15_000 }).toBe(true);
      await page.context().close();
    });
  }
});

describe("a car priced by subscription keeps its price; the subscription is a separate weekly offer", () => {
  it.each(["harbour-city-motors", "metro-certified"])("%s: sidebar, sticky header, calculator and checkout use the car's price; the subscription shows as its own offer", async (site) => {
    const config = demoConfig(site);
    const [car] = (await searchCars(site, "status:in_stock AND subscription_price > 0")).filter(
      (candidate) => candidate.checkout_enabled && candidate.price !== null && !(candidate.offer_price && candidate.offer_price > 10),
    );
    const amount = car?.price;
    if (!car || typeof amount !== "number" || !car.subscription_price) throw new Error("no subscription car with checkout");
    const price = formatMoney(amount);
    // On its search card the subscription is the price shown (spec priority 1), said to be one, and apart from finance.
    const search = await openPage(site, `/search?query=${encodeURIComponent(car.stocknum)}`);
    const card = search.locator(`.card:has(a[href="/cars/${car.slug}"])`).first();
    expect(await text(card.locator(".card__price"))).toBe(`${formatMoney(car.subscription_price)}/wk Weekly subscription`);
    const repayment = carRepayment(car, config, new Date());
    if (repayment) expect(await text(card.locator(".card__finance"))).toMatch(new RegExp(`^Finance \\${formatMoneyCents(repayment.amount)}/`));
    await search.close();
    const { page } = await openCar(browser, site, `/cars/${car.slug}`);
    expect(await text(page.locator(".vehicle-detail__summary .price-block__amount").first())).toBe(price);
    expect(await text(page.locator("[data-testid=subscription-offer]"))).toBe(`Or subscribe from ${formatMoney(car.subscription_price)}/wk`);
    const stickyPrice = (await stickyHeader(page)).locator(".vehicle-sticky-header__price");
    expect(await text(stickyPrice)).toContain(price);
    expect(await text(stickyPrice)).not.toContain(`${formatMoney(car.subscription_price)}/wk`);
    await waitForSlotWith(page, "#finance-calculator");
    const calculator = page.locator("#finance-calculator");
    expect(await calculator.getByLabel("Purchase price").inputValue()).toBe(new Intl.NumberFormat("en-AU").format(amount));
    const lender = financeEntryFor(car, config.finance.provider);
    if (lender?.deposit != null) expect(await calculator.getByLabel("Deposit or trade-in").inputValue()).toBe(new Intl.NumberFormat("en-AU").format(lender.deposit));
    await page.goto(siteUrl(site, `/cars/${car.slug}/checkout`));
    await waitForHydration(page);
    // The price with its type beside it (ACL s48), as on the car page.
    expect(await text(page.locator("main"))).toContain(`${price} ${priceTypeText(car.price_type)}`);
    expect(await text(page.locator("main"))).not.toMatch(new RegExp(`\\${formatMoney(car.subscription_price)}(?![\\d,])`));
    await page.context().close();
  });
});

describe("calculator input", () => {
  const cases = [
    { site: "harbour-city-motors", rateMin: 7.5, rateMax: 14.5, outside: 20, fee: 1360.5 },
    { site: "ridge-motorcycles", rateMin: 4, rateMax: 20, outside: 25, fee: 0 },
  ];
  for (const { site, rateMin, rateMax, outside, fee } of cases) {
    it(`${site}: a balloon above the amount financed is refused, an out-of-range rate is explained and gives no figure, '-5' becomes 0`, async () => {
      const page = await openPage(site, `${demoConfig(site).finance.financePath}?vehiclePriceBudget=30000`);
      await waitForSlotWith(page, "#finance-calculator");
      const calculator = page.locator("#finance-calculator");
      await calculator.getByLabel("Deposit or trade-in").fill("5000");
      const financed = 30000 - 5000 + fee;
      await calculator.getByLabel("Residual / balloon").fill(String(financed + 1000));
      await calculator.getByText(`Cannot be more than the amount financed (${formatMoney(financed)})`).first().waitFor();
      expect(await calculator.locator("[data-testid=repayment]").count()).toBe(0);
      expect(await calculator.locator("svg").count()).toBe(0);
      await calculator.getByLabel("Residual / balloon").fill("0");

      const rateBox = calculator.getByLabel("Interest rate (% p.a.)");
      await rateBox.fill(String(outside));
      await calculator.getByText(`Cannot be less than ${rateMin}% or more than ${rateMax}%`).first().waitFor();
      expect(await rateBox.inputValue()).toBe(String(outside));
      // A refused input never produces a figure (ADR 0063); back in range, the spec's formula answers.
      expect(await calculator.locator("[data-testid=repayment]").count()).toBe(0);
      await rateBox.fill(String(rateMax));
      await calculator.getByRole("radio", { name: "Monthly" }).check();
      expect(await text(calculator.locator("[data-testid=repayment]"))).toBe(formatMoneyCents(amortisedPayment(financed, rateMax, 5, 12)));

      const priceBox = calculator.getByLabel("Purchase price");
      await priceBox.fill("");
      await priceBox.pressSequentially("-5");
      expect(await priceBox.inputValue()).toBe("0");
      await page.close();
    });
  }

  it("outback-trucks: the $300,000-$800,000 quick picks are within the truck calculator's $1,000,000 maximum", async () => {
    const page = await openPage("outback-trucks", "/apply-for-finance");
    await waitForSlotWith(page, "#finance-calculator");
    const calculator = page.locator("#finance-calculator");
    await calculator.getByRole("button", { name: "$800,000" }).click();
    expect(await calculator.getByLabel("Purchase price").inputValue()).toBe("800,000");
    expect(await calculator.getByText(/Cannot be less than/).count()).toBe(0);
    await calculator.getByRole("radio", { name: "Monthly" }).check();
    expect(await text(calculator.locator("[data-testid=repayment]"))).toBe(formatMoneyCents(amortisedPayment(800000, 10, 5, 12)));
    await page.close();
  });
});

describe("the disclaimer dialog and quotes", () => {
  for (const site of ["harbour-city-motors", "summit-auto-group"]) {
    it(`${site}: 'View disclaimer' shows the lender's whole disclaimer`, async () => {
      const { car, lender } = await financedCar(site);
      expect(lender.disclaimer.length).toBeGreaterThan(197);
      const { page } = await openCar(browser, site, `/cars/${car.slug}`);
      await waitForSlotWith(page, ".estimate-panel");
      await page.getByRole("button", { name: "View disclaimer" }).click();
      const dialog = page.getByRole("dialog");
      expect(await text(dialog.locator("[data-testid=disclaimer-text]"))).toBe(lender.disclaimer);
      await page.context().close();
    });
  }

  it.each(["metro-certified", "summit-auto-group"])("%s: a stored quote is the car's figure in the estimate and the sticky header, with its rates", async (site) => {
    const config = demoConfig(site);
    const cars = await searchCars(site, "status:in_stock", 1000);
    // Not an excluded dealership's: its stored quotes are not shown (ADR 0063).
    const car = cars.find((candidate) => candidate.youxQuote && !isFinanceDisplayable(candidate, config.finance, new Date()) && carRepayment(candidate, config, new Date())?.source === "quote");
    if (!car?.youxQuote) throw new Error("no car with a stored quote");
    const quote = car.youxQuote;
    const { page } = await openCar(browser, site, `/cars/${car.slug}`);
    await waitForSlotWith(page, ".estimate-panel");
    expect(await text(page.locator("[data-testid=estimate-repayment]"))).toBe(formatMoneyCents(quote.weeklyRepaymentAmount));
    expect(await text(page.locator("[data-testid=advertised-rate]"))).toBe(rate(quote.advertisedRate));
    expect(await text(page.locator("[data-testid=comparison-rate]"))).toBe(rate(quote.comparisonRate));
    expect(await text((await stickyHeader(page)).locator(".price-block__weekly"))).toBe(
      `Finance ${formatMoneyCents(quote.weeklyRepaymentAmount)}/wk at ${rate(quote.advertisedRate)} p.a. (comparison rate ${rate(quote.comparisonRate)} p.a.)`,
    );
    // The calculator starts on the quote (5 years of its weekly payment on the price, no deposit or balloon), and its
    // chart splits those payments: principal and interest add up to the total of repayments beside it.
    await waitForSlotWith(page, "#finance-calculator");
    const price = (car.offer_price ?? 0) > 10 ? (car.offer_price as number) : (car.price as number);
    const payments = quote.weeklyRepaymentAmount * 5 * 52;
    expect(await text(page.locator("#finance-calculator [data-testid=total]"))).toBe(formatMoneyCents(payments));
    const summary = await text(page.locator("#finance-calculator .repayment-chart desc"));
    const [principal, interest] = [...summary.matchAll(/\$([\d,]+) of (?:principal|interest)/g)].map((match) => Number(match[1]?.replace(/,/g, "")));
    expect(Math.abs((principal ?? 0) - price)).toBeLessThanOrEqual(1);
    expect(Math.abs((interest ?? 0) - (payments - price))).toBeLessThanOrEqual(1);
    await page.context().close();
  });
});

describe("the dealer's finance copy from the spec", () => {
  it("summit: one dealership's fees (395, 6, 8 monthly, 912.25) and the 8.38%-19.42% comparison-rate range", async () => {
    const site = "summit-auto-group";
    const page = await openPage(site, "/finance?preferredDealership=summit-hyundai-dandenong");
    await waitForSlotWith(page, "#finance-calculator");
    const notes = page.locator("[data-testid=finance-notes]");
    expect(await text(notes)).toContain("Establishment fee $395, PPSR registration $6, Account-keeping fee $8 monthly, Dealer origination fee $912.25");
    expect(await text(notes)).toContain("Comparison rates from 8.38% p.a. to 19.42% p.a.");
    const [hyundai] = await searchCars(site, "status:in_stock AND dealership_slug:summit-hyundai-dandenong", 1);
    if (!hyundai) throw new Error("no Hyundai car");
    const { page: carPage } = await openCar(browser, site, `/cars/${hyundai.slug}`);
    await waitForSlotWith(carPage, "#finance-calculator");
    expect(await text(carPage.locator("[data-testid=finance-notes]"))).toContain("$912.25");
    await carPage.context().close();
    await page.close();
  });

  it("metro-certified (the lite dealership): 6.29% p.a. (comparison 8.19%) over 5 years with no deposit", async () => {
    const page = await openPage("metro-certified", "/finance?preferredDealership=metro-certified");
    await waitForSlotWith(page, "#finance-calculator");
    expect(await text(page.locator("[data-testid=finance-notes]"))).toContain("Finance from 6.29% p.a. (comparison rate 8.19% p.a.) over 5 years with no deposit.");
    await page.close();
  });
});
