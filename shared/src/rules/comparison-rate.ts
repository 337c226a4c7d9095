import { amortisedPayment } from "./repayment";

/**
 * The comparison rate of a loan whose establishment fee is financed: the annual rate at which the actual
 * payments (on principal + fee at the advertised rate) repay the principal alone. Bisection to 0.0001%;
 * with no fee it is the advertised rate.
 */
export function comparisonRate(principal: number, annualRatePercent: number, years: number, perYear: number, fee: number): number {
  if (principal <= 0 || fee <= 0) return annualRatePercent;
  const payment = amortisedPayment(principal + fee, annualRatePercent, years, perYear);
  let low = annualRatePercent;
  let high = annualRatePercent + 100;
  while (high - low > 1e-6) {
    const mid = (low + high) / 2;
    if (amortisedPayment(principal, mid, years, perYear) < payment) low = mid;
    else high = mid;
  }
  return Math.round(((low + high) / 2) * 100) / 100;
}
