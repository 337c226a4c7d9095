import { amortisedPayment } from "./repayment";

export type ScheduleYear = { year: number; principal: number; interest: number; balance: number };

/**
 * The rate per period at which `periods` payments of `payment` repay `principal` down to `balloon` (the present value
 * of the payments and the balloon equals the principal), found by bisection; 0 when the payments and balloon do not
 * exceed the principal (no positive rate fits).
 */
export function impliedPeriodicRate(principal: number, payment: number, periods: number, balloon = 0): number {
  const presentValue = (r: number) => {
    const discount = (1 + r) ** -periods;
    return (payment * (1 - discount)) / r + balloon * discount;
  };
  if (payment * periods + balloon <= principal) return 0;
  let low = 0;
  let high = 0.01;
  while (presentValue(high) > principal && high < 1e6) high *= 2;
  for (let step = 0; step < 200 && high - low > 1e-15; step++) {
    const mid = (low + high) / 2;
    if (presentValue(mid) > principal) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/**
 * Year-by-year split of a loan repaid at the end of each period: interest accrues on the balance at
 * r = rate / 100 / perYear, the rest of each payment repays principal, and the balloon is what is left
 * owing before the final payment of it. Feeds the repayment chart.
 * `shownPayment` is the repayment the calculator shows when it is not the amortised one (a lender's published
 * payment): the split then uses the rate that payment implies, so principal and interest add up to the payments
 * shown beside the chart, and the balance still ends at the balloon.
 */
export function repaymentSchedule(
  amountFinanced: number,
  annualRatePercent: number,
  years: number,
  perYear: number,
  balloon = 0,
  shownPayment?: number,
): ScheduleYear[] {
  const periods = Math.round(years * perYear);
  if (periods <= 0 || amountFinanced <= 0) return [];
  const amortised = amortisedPayment(amountFinanced, annualRatePercent, years, perYear, balloon);
  // The amortised payment (or one too large to be a number) is split at the shown rate.
  const published = shownPayment !== undefined && Number.isFinite(shownPayment) && shownPayment !== amortised;
  const payment = published ? shownPayment : amortised;
  const r = published ? impliedPeriodicRate(amountFinanced, payment, periods, balloon) : Math.max(0, annualRatePercent) / 100 / perYear;
  const rows: ScheduleYear[] = [];
  let balance = amountFinanced;
  let row: ScheduleYear = { year: 1, principal: 0, interest: 0, balance };
  for (let period = 1; period <= periods; period++) {
    const interest = balance * r;
    const principal = Math.min(balance, payment - interest);
    balance -= principal;
    row.interest += interest;
    row.principal += principal;
    row.balance = Math.max(0, balance);
    if (period % perYear === 0 || period === periods) {
      rows.push(row);
      row = { year: rows.length + 1, principal: 0, interest: 0, balance };
    }
  }
  return rows;
}
