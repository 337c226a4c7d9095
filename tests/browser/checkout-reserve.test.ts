import { CAR_ALREADY_RESERVED, CARD_DECLINED, formatMoney, LATE_PAYMENT_REFUNDED, lateRefundText, MONEY_BACK_TEXT, RESERVATION_CONFIRMED } from "@dealer/shared/rules";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe";
import { carReserved, chargesFor, lapsedReservation, NO_FUEL_TAG, reservableCar, reservationRow } from "../support/checkout";
import { shopperPage } from "../support/leads";
import { launchChromium, siteUrl, waitForHydration, waitForSlot, watchConsole } from "../support/platform";

const SITE = "harbour-city-motors";
const CARDS = { succeeds: "4242 4242 4242 4242", declined: "4000 0000 0000 0002" };

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function fillDetails(page: Page, email: string) {
  const form = page.locator("#slot-checkout form");
  await form.getByLabel("Name").fill("Sam Shopper");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Phone").fill("0412 345 678");
  await form.getByLabel("Postcode").fill("4000");
  await form.getByLabel(/I agree to the reservation terms/).check();
}
const reservationToken = (page: Page) => new URL(page.url()).searchParams.get("reservation") ?? "";

describe("reserve online", () => {
  it("from the vehicle page's Reserve button through payment to the confirmation; the car shows Reserved in search", { timeout: 180_000 }, async () => {
    const car = reservableCar(SITE, NO_FUEL_TAG);
    const page = await shopperPage(browser);
    const errors = watchConsole(page, [/youtube/i, /ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION/]);
    await page.goto(siteUrl(SITE, `/cars/${car.slug}`), { waitUntil: "domcontentloaded" });
    await page.locator("#slot-vehicle").getByRole("link", { name: "Reserve Car Now" }).first().click();
    await page.waitForURL(`**/cars/${car.slug}/checkout`);
    await waitForHydration(page);
    const checkout = page.locator("#slot-checkout");
    await checkout.getByRole("heading", { name: "Reserve Now $200" }).waitFor();
    await checkout.getByText("$200 deposit, held 48 hours, 100% refundable.").waitFor();
    expect(await axeViolations(page, ["#slot-checkout"])).toEqual([]);

    // The form library (loaded on first focus) checks the details in place before anything is sent.
    await checkout.getByLabel("Name").focus();
    await waitForSlot(page, "checkout");
    await checkout.getByRole("button", { name: /Reserve Now \$200/ }).click();
    await checkout.getByText("*You must agree to the terms of use before submitting.").waitFor();
    expect(await axeViolations(page, ["#slot-checkout"])).toEqual([]);
    await fillDetails(page, `reserve-${Date.now()}@example.com`);
    await checkout.getByRole("button", { name: /Reserve Now \$200/ }).click();

    await page.waitForURL("**/payments/test-processor/**");
    await page.getByLabel("Card number").fill(CARDS.succeeds);
    await page.getByRole("button", { name: "Pay $200.00" }).click();
    await page.waitForURL("**/checkout/confirmation?reservation=**");
    await page.getByRole("heading", { name: RESERVATION_CONFIRMED }).waitFor();
    await page.getByText(/is held for you until .+ Your \$200 deposit is paid and 100% refundable/).waitFor();
    await waitForHydration(page);
    expect(await axeViolations(page, ["#slot-checkout"])).toEqual([]);
    expect(reservationRow(reservationToken(page))).toMatchObject({ state: "paid", holding: 1 });
    expect(chargesFor(car.id)).toBe(1);

    // Search shows the car Reserved within seconds.
    const started = Date.now();
    await page.goto(siteUrl(SITE, `/search?query=${encodeURIComponent(car.stocknum)}`));
    await page.locator(`.card:has(a[href="/cars/${car.slug}"]) .card__tag--reserved`).waitFor({ timeout: 10_000 });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(errors).toEqual([]);
  });

  it("a declined card charges nothing, reserves nothing and says so; the shopper can go back", { timeout: 120_000 }, async () => {
    const car = reservableCar(SITE);
    const page = await shopperPage(browser);
    await page.goto(siteUrl(SITE, `/checkout-journey?car_id=${car.slug}`));
    await waitForHydration(page);
    await fillDetails(page, `declined-${Date.now()}@example.com`);
    await page.locator("#slot-checkout").getByRole("button", { name: /Reserve Now \$200/ }).click();
    await page.waitForURL("**/payments/test-processor/**");
    await page.getByLabel("Card number").fill(CARDS.declined);
    await page.getByRole("button", { name: "Pay $200.00" }).click();
    await page.getByRole("alert").filter({ hasText: CARD_DECLINED }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(chargesFor(car.id)).toBe(0);
    expect(carReserved(car.id)).toBe(false);
    await page.getByRole("link", { name: "Cancel and go back" }).click();
    await page.waitForURL("**/checkout/confirmation?reservation=**");
    await page.getByRole("heading", { name: "Your payment was not completed" }).waitFor();
    await page.getByText("You have not been charged.", { exact: false }).waitFor();
    expect(reservationRow(reservationToken(page))).toMatchObject({ state: "awaiting_payment" });
    // Another card on the processor's page goes through.
    await page.getByRole("link", { name: "Pay the deposit" }).click();
    await page.getByLabel("Card number").fill(CARDS.succeeds);
    await page.getByRole("button", { name: "Pay $200.00" }).click();
    await page.getByRole("heading", { name: RESERVATION_CONFIRMED }).waitFor();
    expect(chargesFor(car.id)).toBe(1);
  });

  it("two shoppers reserve the same car at once: one pays, the other is told clearly and never reaches payment", { timeout: 120_000 }, async () => {
    const car = reservableCar(SITE);
    const pages = await Promise.all([shopperPage(browser), shopperPage(browser)]);
    for (const [index, page] of pages.entries()) {
      await page.goto(siteUrl(SITE, `/cars/${car.slug}/checkout`));
      await waitForHydration(page);
      await fillDetails(page, `race-${index}-${Date.now()}@example.com`);
      // The form library is loaded before the race, so both submits leave together.
      await page.locator("#slot-checkout").getByLabel("Name").focus();
      await waitForSlot(page, "checkout");
    }
    await Promise.all(pages.map((page) => page.locator("#slot-checkout").getByRole("button", { name: /Reserve Now \$200/ }).click()));
    const outcome = await Promise.all(
      pages.map((page) =>
        Promise.race([
          page.waitForURL("**/payments/test-processor/**", { timeout: 30_000 }).then(() => "payment" as const),
          page.locator("#slot-checkout").getByRole("alert").filter({ hasText: CAR_ALREADY_RESERVED }).waitFor({ timeout: 30_000 }).then(() => "refused" as const),
        ]),
      ),
    );
    expect([...outcome].sort()).toEqual(["payment", "refused"]);
    const winner = pages[outcome.indexOf("payment")] as Page;
    const loser = pages[outcome.indexOf("refused")] as Page;
    expect(await axeViolations(loser, ["#slot-checkout"])).toEqual([]);
    await winner.getByLabel("Card number").fill(CARDS.succeeds);
    await winner.getByRole("button", { name: "Pay $200.00" }).click();
    await winner.getByRole("heading", { name: RESERVATION_CONFIRMED }).waitFor();
    expect(chargesFor(car.id)).toBe(1);
    // The loser's page now says the car is reserved, with no form to pay.
    await loser.reload();
    await loser.locator("#slot-checkout").getByText(CAR_ALREADY_RESERVED).waitFor();
    expect(await loser.locator("#slot-checkout form").count()).toBe(0);
  });

  it("a payment made after the unpaid hold lapsed: the confirmation page says it was refunded, with no axe-core violations", { timeout: 120_000 }, async () => {
    const car = reservableCar(SITE);
    const { token, sessionId } = await lapsedReservation(SITE, car);
    const page = await shopperPage(browser);
    await page.goto(siteUrl(SITE, `/payments/test-processor/${sessionId}`));
    await page.getByLabel("Card number").fill(CARDS.succeeds);
    await page.getByRole("button", { name: "Pay $200.00" }).click();
    await page.waitForURL("**/checkout/confirmation?reservation=**");
    await page.getByRole("heading", { name: LATE_PAYMENT_REFUNDED }).waitFor();
    await page.getByText(lateRefundText(formatMoney(200))).waitFor();
    await waitForHydration(page);
    expect(await axeViolations(page, ["#slot-checkout"])).toEqual([]);
    expect(reservationRow(token)).toMatchObject({ state: "expired", holding: null });
    await page.context().close();
  });

  it("without script: a used car's money-back guarantee and return terms, a plain post to the processor, paid, confirmed", { timeout: 120_000 }, async () => {
    const site = "metro-certified";
    const car = reservableCar(site);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(siteUrl(site, `/cars/${car.slug}/checkout`));
    const checkout = page.locator("#slot-checkout");
    await checkout.getByText(MONEY_BACK_TEXT).waitFor();
    await checkout.getByText("Changed your mind? Return the car within 14 days, with at most 500 km driven and at least a quarter tank of fuel.").waitFor();
    await fillDetails(page, `noscript-${Date.now()}@example.com`);
    await checkout.getByRole("button", { name: /Reserve Now \$200/ }).click();
    await page.waitForURL("**/payments/test-processor/**");
    await page.getByLabel("Card number").fill(CARDS.succeeds);
    await page.getByRole("button", { name: "Pay $200.00" }).click();
    await page.getByRole("heading", { name: RESERVATION_CONFIRMED }).waitFor();
    expect(chargesFor(car.id)).toBe(1);
    await context.close();
  });
});
