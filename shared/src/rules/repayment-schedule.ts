import { amortisedPayment } from "./repayment";

export type ScheduleYear = { year: number; principal: number; interest: number; balance: number };

/**
 * Year-by-year split of a loan repaid at the end of each period: interest accrues on the balance at
 * r = rate / 100 / perYear, the rest of each payment repays principal, and the balloon is what is left
 * owing before the final payment of it. Feeds the repayment chart.
 */
export function repaymentSchedule(amountFinanced: number, annualRatePercent: number, years: number, perYear: number, balloon = 0): ScheduleYear[] {
  const periods = Math.round(years * perYear);
  if (periods <= 0 || amountFinanced <= 0) return [];
  const payment = amortisedPayment(amountFinanced, annualRatePercent, years, perYear, balloon);
  const r = Math.max(0, annualRatePercent) / 100 / perYear;
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
