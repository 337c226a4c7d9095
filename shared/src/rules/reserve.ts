import type { SiteConfig } from "../config/site-config";
import { RESERVE_HOLD_HOURS } from "./buttons";
import { formatMoney } from "./money";

/** How long an unpaid reservation holds the car while the shopper is on the payment page. */
export const PAYMENT_WINDOW_MINUTES = 30;
export const RESERVE_REFUNDABLE_TEXT = "100% refundable";
export const MONEY_BACK_TEXT = `${RESERVE_HOLD_HOURS} hour money-back guarantee`;
export const CAR_ALREADY_RESERVED = "Sorry, this car has just been reserved by another shopper. You have not been charged.";
export const CAR_NOT_RESERVABLE = "This car cannot be reserved online. Please contact the dealership.";
export const CARD_DECLINED = "Your card was declined. No money was taken. Please try another card.";
export const RESERVATION_CONFIRMED = "Your car is reserved";
export const LATE_PAYMENT_REFUNDED = "Your payment has been refunded";

/** A payment that arrived after its unpaid hold lapsed is refunded in full (ADR 0027); the shopper is told why. */
export const lateRefundText = (amountText: string | null) =>
  `Your ${amountText ? `${amountText} ` : ""}payment arrived after the hold on this car had ended, so the car was not reserved and we have refunded the payment in full. Refunds usually reach your card within 5 to 10 business days.`;

/** '$200 deposit, held 48 hours, 100% refundable'; null at $0 (the deposit is hidden). */
export function depositText(reserve: Pick<SiteConfig["reserve"], "amount">): string | null {
  if (reserve.amount <= 0) return null;
  return `${formatMoney(reserve.amount)} deposit, held ${RESERVE_HOLD_HOURS} hours, ${RESERVE_REFUNDABLE_TEXT}`;
}

/** The used-car return terms of the dealership that offers them, else null. */
export function returnTermsText(reserve: Pick<SiteConfig["reserve"], "returnTerms">, dealershipSlug: string): string | null {
  const terms = reserve.returnTerms[dealershipSlug];
  if (!terms) return null;
  return `Changed your mind? Return the car within ${terms.days} days, with at most ${terms.maxKm.toLocaleString("en-AU")} km driven and at least ${terms.minFuel} of fuel.`;
}

/** When a hold taken or paid at `from` lapses: the payment window, or 48 hours once paid. */
export function holdUntil(from: Date, paid: boolean): Date {
  return new Date(from.getTime() + (paid ? RESERVE_HOLD_HOURS * 3_600_000 : PAYMENT_WINDOW_MINUTES * 60_000));
}
