import type { FinanceCalculatorInputs, RepaymentFrequency } from "@dealer/shared/contract";
import {
  calculateRepayment,
  clampCalculatorInputs,
  FINANCE_ENQUIRY_PATH,
  financeLink,
  formatMoney,
  formatMoneyCents,
  isPriceWithinBounds,
  PAYMENTS_PER_YEAR,
  priceHelpText,
} from "@dealer/shared/rules";
import { useId, useRef, useState } from "react";
import { FINANCE_CALCULATOR_EVENT_ID, trackEvent } from "../../analytics";
import MoneyInput from "../../money-input/MoneyInput";
import RadioGroup from "../../radio-group/RadioGroup";
import Disclaimer from "./Disclaimer";
import type { RepaymentCalculatorProps } from "./props";
import RepaymentChart from "./RepaymentChart";

export type { RepaymentCalculatorProps } from "./props";

const FREQUENCIES: { value: RepaymentFrequency; label: string; per: string }[] = [
  { value: "weekly", label: "Weekly", per: "per week" },
  { value: "fortnightly", label: "Fortnightly", per: "per fortnight" },
  { value: "monthly", label: "Monthly", per: "per month" },
];

const yearsLabel = (years: number) => `${years} ${years === 1 ? "year" : "years"}`;

function steps(min: number, max: number, step: number): number[] {
  const count = Math.max(0, Math.floor((max - min) / step + 1e-9)) + 1;
  return Array.from({ length: count }, (_, index) => Math.round((min + index * step) * 1000) / 1000);
}

/** The repayment calculator (#finance-calculator): every input held to the site's lender bounds, recalculated on change. */
export default function RepaymentCalculator(props: RepaymentCalculatorProps) {
  const id = useId();
  const started = useRef(false);
  const [inputs, setInputs] = useState<FinanceCalculatorInputs>(() => (props.hidden ? ({} as FinanceCalculatorInputs) : props.start));
  if (props.hidden) return null;
  const { car, preset, finance, quickPicks, disclaimer } = props;
  const bounds = finance.calculator;

  // Every change recalculates; the first one is the analytics event 26, sent once.
  const update = (change: Partial<FinanceCalculatorInputs>) => {
    if (!started.current) {
      started.current = true;
      trackEvent(FINANCE_CALCULATOR_EVENT_ID, { car_id: car?.id ?? null });
    }
    setInputs((current) => ({ ...current, ...change }));
  };

  const result = calculateRepayment(inputs, finance, car ? { carPrice: props.start.amount, lender: preset } : undefined);
  const held = clampCalculatorInputs(inputs, bounds);
  const perYear = PAYMENTS_PER_YEAR[inputs.frequency];
  const per = FREQUENCIES.find((option) => option.value === inputs.frequency)?.per ?? "";
  const priceError = isPriceWithinBounds(inputs.amount, bounds) ? null : priceHelpText(bounds);
  const rateError = inputs.interest >= bounds.rateMin && inputs.interest <= bounds.rateMax ? null : `Cannot be less than ${bounds.rateMin}% or more than ${bounds.rateMax}%`;
  const overMax = (value: number, max: number) => (value > max ? `Cannot be more than ${formatMoney(max)}` : null);
  // The enquiry route has the form that takes the figures (the finance page may not); the dealer gets what the shopper saw.
  const link = financeLink(FINANCE_ENQUIRY_PATH, { ...car, price: held.amount }, {
    deposit: held.tradeIn,
    balloon: held.residual,
    term_months: Math.round(held.term * 12),
    interest_rate: held.interest,
    frequency: inputs.frequency,
    repayment: result.kind === "repayment" ? Math.round(result.repayment * 100) / 100 : undefined,
  });

  return (
    <section className="finance-calculator" id="finance-calculator" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="finance-calculator__heading">
        {car ? `Repayment calculator for ${car.name}` : "Repayment calculator"}
      </h2>
      <form className="finance-calculator__form" onSubmit={(event) => event.preventDefault()} noValidate>
        <MoneyInput
          id={`${id}-price`}
          name="amount"
          label="Purchase price"
          value={inputs.amount}
          onChange={(amount) => update({ amount })}
          step={1000}
          min={0}
          max={bounds.priceMax}
          quickPicks={quickPicks}
          error={priceError}
        />
        <MoneyInput
          id={`${id}-deposit`}
          name="tradeIn"
          label="Deposit or trade-in"
          value={inputs.tradeIn}
          onChange={(tradeIn) => update({ tradeIn })}
          step={500}
          min={0}
          max={bounds.depositMax}
          error={overMax(inputs.tradeIn, bounds.depositMax)}
        />
        <MoneyInput
          id={`${id}-residual`}
          name="residual"
          label="Residual / balloon"
          value={inputs.residual}
          onChange={(residual) => update({ residual })}
          step={500}
          min={0}
          max={bounds.residualMax}
          error={overMax(inputs.residual, bounds.residualMax)}
          help="Paid with the final repayment"
        />
        <div className="finance-calculator__field">
          <label htmlFor={`${id}-term`}>Loan term</label>
          <select id={`${id}-term`} name="term" value={held.term} onChange={(event) => update({ term: Number(event.target.value) })}>
            {steps(bounds.termMinYears, bounds.termMaxYears, bounds.termStepYears).map((years) => (
              <option key={years} value={years}>
                {yearsLabel(years)}
              </option>
            ))}
          </select>
        </div>
        <div className="finance-calculator__field">
          <label htmlFor={`${id}-interest`}>Interest rate (% p.a.)</label>
          <input
            id={`${id}-interest`}
            name="interest"
            type="number"
            inputMode="decimal"
            min={bounds.rateMin}
            max={bounds.rateMax}
            step={bounds.rateStep}
            defaultValue={inputs.interest}
            aria-invalid={rateError ? true : undefined}
            aria-describedby={`${id}-interest-help`}
            onChange={(event) => {
              const value = Number(event.target.value);
              update({ interest: Number.isFinite(value) && event.target.value !== "" ? value : 0 });
            }}
          />
          <p id={`${id}-interest-help`} className={rateError ? "finance-calculator__error" : "finance-calculator__help"}>
            {rateError ?? `${bounds.rateMin}% to ${bounds.rateMax}% in ${bounds.rateStep}% steps`}
          </p>
        </div>
        <RadioGroup
          name={`${id}-frequency`}
          legend="Repayment frequency"
          options={FREQUENCIES}
          value={inputs.frequency}
          onChange={(frequency) => update({ frequency })}
        />
      </form>
      {/* <output> holds phrasing content only: the totals list sits beside it in the result box. */}
      <div className="finance-calculator__result">
        <output aria-live="polite" htmlFor={`${id}-price ${id}-deposit ${id}-residual ${id}-term ${id}-interest`}>
          {result.kind === "enquire" ? (
            <a className="finance-calculator__enquire" href={link}>
              {result.text}
            </a>
          ) : (
            <>
              <span className="finance-calculator__label">{`Repayment ${per}`}</span>
              <span className="finance-calculator__amount" data-testid="repayment">
                {formatMoneyCents(result.repayment)}
              </span>
              {result.fromPreset && <span className="finance-calculator__preset">The lender's advertised repayment</span>}
            </>
          )}
        </output>
        <dl className="finance-calculator__totals">
          <div>
            <dt>Total of repayments</dt>
            <dd data-testid="total">{result.kind === "repayment" ? formatMoneyCents(result.total) : ""}</dd>
          </div>
          {finance.establishmentFee > 0 && (
            <div>
              <dt>Establishment fee (financed)</dt>
              <dd>{formatMoneyCents(finance.establishmentFee)}</dd>
            </div>
          )}
        </dl>
      </div>
      {result.kind === "repayment" && (
        <RepaymentChart amountFinanced={result.amountFinanced} rate={held.interest} years={held.term} perYear={perYear} balloon={held.residual} />
      )}
      <p className="finance-calculator__actions">
        <a className="button button--primary" href={link}>
          Apply for Finance
        </a>
      </p>
      <Disclaimer text={disclaimer} />
    </section>
  );
}
