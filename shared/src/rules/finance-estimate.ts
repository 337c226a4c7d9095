import { amortisedPayment } from "./repayment";

/** Assumptions behind every finance estimate on cards and the sticky header. */
export const ESTIMATE_TERM_YEARS = 5;
export const ESTIMATE_DEPOSIT_SHARE = 0.1;
export const ESTIMATE_FINAL_PAYMENT_SHARE = 0.3;
export const WEEKS_PER_MONTH = 4.33;

export const weeklyToMonthly = (weekly: number) => weekly * WEEKS_PER_MONTH;
export const monthlyToWeekly = (monthly: number) => monthly / WEEKS_PER_MONTH;

export type FinanceEstimate = { monthly: number; weekly: number; deposit: number; finalPayment: number; termYears: number };

/** Estimate for a price at an annual rate: 5-year term, 10% deposit, 30% final payment; weekly via 4.33. */
export function financeEstimate(price: number, annualRatePercent: number): FinanceEstimate {
  const deposit = price * ESTIMATE_DEPOSIT_SHARE;
  const finalPayment = price * ESTIMATE_FINAL_PAYMENT_SHARE;
  const monthly = amortisedPayment(price - deposit, annualRatePercent, ESTIMATE_TERM_YEARS, 12, finalPayment);
  return { monthly, weekly: monthlyToWeekly(monthly), deposit, finalPayment, termYears: ESTIMATE_TERM_YEARS };
}
