import type { FinanceProvider } from "@dealer/shared/config";
import type { FinanceLenderEntry } from "@dealer/shared/contract";
import type { Rng } from "./prng";

const TERM_YEARS = 5;
const DEPOSIT_SHARE = 0.1;
const BALLOON_SHARE = 0.3;

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Monthly repayment of an amortised loan that leaves `balloon` owing at the end. */
export function monthlyRepayment(principal: number, annualRatePercent: number, months: number, balloon: number): number {
  const r = annualRatePercent / 100 / 12;
  if (r === 0) return (principal - balloon) / months;
  const growth = (1 + r) ** months;
  return ((principal - balloon / growth) * r) / (1 - 1 / growth);
}

function disclaimer(provider: FinanceProvider, rate: number, comparison: number): string {
  if (provider === "carclarity") {
    return `Car Clarity: indicative repayments only, based on a ${rate}% p.a. interest rate and ${comparison}% p.a. comparison rate over ${TERM_YEARS} years. Subject to credit assessment and lending criteria. Fees and charges apply.`;
  }
  return `Estimated repayments based on ${rate}% p.a. (comparison rate ${comparison}% p.a.) over a ${TERM_YEARS}-year term with a ${DEPOSIT_SHARE * 100}% deposit. Comparison rate based on a ${TERM_YEARS}-year secured loan of $30,000. Warning: this comparison rate is true only for the example given and may not include all fees and charges. Approved applicants only.`;
}

/** One lender entry keyed by the dealership's provider, with figures consistent with the price. */
export function financeLenders(
  provider: FinanceProvider,
  price: number,
  isNew: boolean,
  rng: Rng,
): Record<string, FinanceLenderEntry> {
  const rate = round2(isNew ? rng.int(699, 949) / 100 : rng.int(899, 1399) / 100);
  const comparison = round2(rate + rng.int(25, 140) / 100);
  const deposit = Math.round(price * DEPOSIT_SHARE);
  const balloon = isNew ? Math.round(price * BALLOON_SHARE) : 0;
  const months = TERM_YEARS * 12;
  const establishmentFees = provider === "taurus" ? 1360.5 : 0;
  const paymentMonth = round2(monthlyRepayment(price - deposit + establishmentFees, rate, months, balloon));
  const paymentWeek = round2((paymentMonth * 12) / 52);
  const weeklyFor = (years: number) => round2((monthlyRepayment(price - deposit, rate, years * 12, 0) * 12) / 52);
  return {
    [provider]: {
      disclaimer: disclaimer(provider, rate, comparison),
      deposit,
      paymentWeek,
      paymentMonth,
      totalPayable: round2(paymentMonth * months + balloon + deposit),
      interestRate: rate,
      comparisonRate: comparison,
      termYears: TERM_YEARS,
      termMonths: months,
      termWeeks: TERM_YEARS * 52,
      balloon,
      establishmentFees,
      financeProvider: provider,
      term3: weeklyFor(3),
      term5: weeklyFor(5),
      term7: weeklyFor(7),
    },
  };
}
