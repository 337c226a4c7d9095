import type { RepaymentFrequency } from "@dealer/shared/contract";
import {
  calculateRepayment,
  ESTIMATE_DEPOSIT_SHARE,
  ESTIMATE_FINAL_PAYMENT_SHARE,
  ESTIMATE_TERM_YEARS,
  formatMoney,
  formatMoneyCents,
  formatRate,
  isPriceWithinBounds,
  priceHelpText,
} from "@dealer/shared/rules";
import { useId, useState } from "react";
import type { RepaymentEstimateProps } from "./props";

export type { RepaymentEstimateProps } from "./props";

const FREQUENCIES: { value: RepaymentFrequency; label: string; per: string }[] = [
  { value: "weekly", label: "Weekly", per: "per week" },
  { value: "fortnightly", label: "Fortnightly", per: "per fortnight" },
  { value: "monthly", label: "Monthly", per: "per month" },
];

/** Typed text -> a number; anything not a number reads as 0 (the spec's money-input rule). */
const toNumber = (text: string) => {
  const value = Number(text.replace(/[$,\s]/g, ""));
  return Number.isFinite(value) ? value : 0;
};

function termOptions({ termMinYears, termMaxYears, termStepYears }: RepaymentEstimateProps["finance"]["calculator"]): number[] {
  const count = Math.floor((termMaxYears - termMinYears) / termStepYears) + 1;
  return Array.from({ length: count }, (_, index) => termMinYears + index * termStepYears);
}

export default function RepaymentEstimate({ price: initialPrice, car, finance }: RepaymentEstimateProps) {
  const id = useId();
  const [priceText, setPriceText] = useState(String(initialPrice));
  const [depositText, setDepositText] = useState(String(Math.round(initialPrice * ESTIMATE_DEPOSIT_SHARE)));
  const [term, setTerm] = useState(ESTIMATE_TERM_YEARS);
  const [frequency, setFrequency] = useState<RepaymentFrequency>("weekly");

  const price = toNumber(priceText);
  const deposit = toNumber(depositText);
  const finalPayment = Math.round(price * ESTIMATE_FINAL_PAYMENT_SHARE);
  const result = calculateRepayment(
    { amount: price, tradeIn: deposit, term, interest: finance.defaultInterestRate, residual: finalPayment, frequency, total: null },
    finance,
  );
  const per = FREQUENCIES.find((option) => option.value === frequency)?.per ?? "";
  const priceOutOfBounds = !isPriceWithinBounds(price, finance.calculator);

  return (
    <section className="repayment-estimate" id="finance-calculator" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="repayment-estimate__heading">
        {car ? `Finance estimate for ${car.title}` : "Estimate your repayments"}
      </h2>
      <form className="repayment-estimate__form" onSubmit={(event) => event.preventDefault()}>
        <div className="repayment-estimate__field">
          <label htmlFor={`${id}-price`}>Purchase price ($)</label>
          <input
            id={`${id}-price`}
            name="price"
            inputMode="numeric"
            value={priceText}
            onChange={(event) => setPriceText(event.target.value)}
            aria-describedby={priceOutOfBounds ? `${id}-price-help` : undefined}
            aria-invalid={priceOutOfBounds || undefined}
          />
          {priceOutOfBounds && (
            <p id={`${id}-price-help`} className="repayment-estimate__help">
              {priceHelpText(finance.calculator)}
            </p>
          )}
        </div>
        <div className="repayment-estimate__field">
          <label htmlFor={`${id}-deposit`}>Deposit or trade-in ($)</label>
          <input id={`${id}-deposit`} name="deposit" inputMode="numeric" value={depositText} onChange={(event) => setDepositText(event.target.value)} />
        </div>
        <div className="repayment-estimate__field">
          <label htmlFor={`${id}-term`}>Term</label>
          <select id={`${id}-term`} name="term" value={term} onChange={(event) => setTerm(Number(event.target.value))}>
            {termOptions(finance.calculator).map((years) => (
              <option key={years} value={years}>
                {`${years} years`}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="repayment-estimate__frequency">
          <legend>Repayment frequency</legend>
          {FREQUENCIES.map((option) => (
            <label key={option.value} className="repayment-estimate__frequency-option">
              <input
                type="radio"
                name={`${id}-frequency`}
                value={option.value}
                checked={frequency === option.value}
                onChange={() => setFrequency(option.value)}
              />
              {option.label}
            </label>
          ))}
        </fieldset>
      </form>
      <output className="repayment-estimate__result" aria-live="polite" htmlFor={`${id}-price ${id}-deposit ${id}-term`}>
        {result.kind === "enquire" ? (
          <span className="repayment-estimate__enquire">{result.text}</span>
        ) : (
          <>
            <span className="repayment-estimate__amount">{formatMoneyCents(result.repayment)}</span>{" "}
            <span className="repayment-estimate__per">{per}</span>
            <span className="repayment-estimate__total">{`Total of repayments ${formatMoneyCents(result.total)}`}</span>
          </>
        )}
      </output>
      <p className="repayment-estimate__rate">{`Interest rate ${formatRate(finance.defaultInterestRate)} p.a.`}</p>
      <p className="repayment-estimate__disclaimer" id="financeDisclaimer">
        {`Estimate only, not a quote or offer of finance. Based on a ${term}-year term at ${formatRate(finance.defaultInterestRate)} p.a. with a final payment of ${formatMoney(finalPayment)} (30% of the price)${finance.establishmentFee > 0 ? ` and an establishment fee of ${formatMoneyCents(finance.establishmentFee)}` : ""}; other fees and charges are not included. Finance is subject to lender approval.`}
      </p>
    </section>
  );
}
