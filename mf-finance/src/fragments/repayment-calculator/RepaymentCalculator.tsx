import type { FinanceCalculatorInputs, RepaymentFrequency } from "@dealer/shared/contract";
import { calculatorAnswer, driveAwayMoney, financeLink, formatMoneyCents, PAYMENTS_PER_YEAR, shownCalculatorInputs } from "@dealer/shared/rules";
import { driveAwayEstimateAtom } from "@dealer/shared/atoms";
import { useAtomValue } from "jotai";
import { useEffect, useId, useRef, useState } from "react";
import { track } from "@dealer/shared/analytics";
import { FINANCE_CALCULATOR_EVENT_ID } from "../../analytics";
import { useFieldsChangedBeforeHydration } from "@dealer/shared/changed-before-hydration";
import MoneyInput, { moneyInputValue } from "../../money-input/MoneyInput";
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

/** The rate box's text as a rate: empty or not a number is 0, which the bounds then refuse with their text. */
function rateValue(text: string): number {
  const value = Number(text);
  return Number.isFinite(value) && text !== "" ? value : 0;
}

/** A change the shopper made before the calculator hydrated, by input, as the change its own handler makes. */
function changeBeforeHydration(input: string, value: string): Partial<FinanceCalculatorInputs> | null {
  if (input === "amount" || input === "tradeIn" || input === "residual") return { [input]: moneyInputValue(value) };
  if (input === "term") return { term: Number(value) };
  if (input === "interest") return { interest: rateValue(value) };
  const frequency = input === "frequency" ? FREQUENCIES.find((option) => option.value === value) : undefined;
  return frequency ? { frequency: frequency.value } : null;
}

const yearsLabel = (years: number) => `${years} ${years === 1 ? "year" : "years"}`;

function steps(min: number, max: number, step: number): number[] {
  const count = Math.max(0, Math.floor((max - min) / step + 1e-9)) + 1;
  return Array.from({ length: count }, (_, index) => Math.round((min + index * step) * 1000) / 1000);
}

/** The repayment calculator (#finance-calculator): recalculated on change from what its boxes show, bounds explained beside them. */
export default function RepaymentCalculator(props: RepaymentCalculatorProps) {
  const id = useId();
  const started = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const [inputs, setInputs] = useState<FinanceCalculatorInputs>(() => (props.hidden ? ({} as FinanceCalculatorInputs) : props.start));
  // The car page's drive-away panel's last estimate (issue 34): its total can be the amount financed. Only after
  // hydration: the server's markup has no such button, and this slot may hydrate after the panel set it.
  const latest = useAtomValue(driveAwayEstimateAtom);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const driveAway = hydrated ? latest : null;
  const car = props.hidden ? null : props.car;
  // Every change recalculates; the first one is the analytics event 26, sent once.
  const update = (change: Partial<FinanceCalculatorInputs>) => {
    if (!started.current) {
      started.current = true;
      track({ kind: "event", id: FINANCE_CALCULATOR_EVENT_ID, data: { car_id: car?.id ?? null } });
    }
    setInputs((current) => ({ ...current, ...change }));
  };
  // The calculator hydrates on first touch: what was typed or picked before then is what the figure must use.
  useFieldsChangedBeforeHydration(form, (name, value) => {
    const change = changeBeforeHydration(name === `${id}-frequency` ? "frequency" : name, value);
    if (change) update(change);
  });
  if (props.hidden) return null;
  const { preset, finance, quickPicks, disclaimer, notes } = props;
  const estimate = car && driveAway?.carId === car.id && driveAway.estimate.basis !== "driveAway" ? driveAway.estimate : null;
  const bounds = finance.calculator;

  // What the boxes show is what the figure uses; a value the bounds refuse is explained and gives no figure.
  const { errors, result } = calculatorAnswer(inputs, finance, bounds, props.start.interest, car ? { carPrice: props.start.amount, lender: preset } : undefined);
  const shown = shownCalculatorInputs(inputs);
  const perYear = PAYMENTS_PER_YEAR[inputs.frequency];
  const per = FREQUENCIES.find((option) => option.value === inputs.frequency)?.per ?? "";
  const rateError = errors.interest ?? null;
  // The site's finance route holds the enquiry form (#finance-form); the dealer gets the figures the shopper saw.
  const link = financeLink(finance.financePath, { ...car, price: shown.amount }, {
    deposit: shown.tradeIn,
    balloon: shown.residual,
    term_months: Math.round(shown.term * 12),
    interest_rate: shown.interest,
    frequency: inputs.frequency,
    repayment: result.kind === "repayment" ? Math.round(result.repayment * 100) / 100 : undefined,
    // Financing the drive-away total: the enquiry names its state, and the lead carries the estimate's parts.
    drive_away_state: estimate && shown.amount === Math.round(estimate.total) ? estimate.state : undefined,
  });

  return (
    <section className="finance-calculator" id="finance-calculator" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="finance-calculator__heading">
        {car ? `Repayment calculator for ${car.name}` : "Repayment calculator"}
      </h2>
      <form ref={form} className="finance-calculator__form" onSubmit={(event) => event.preventDefault()} noValidate>
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
          error={errors.amount ?? null}
        />
        {estimate && (
          <button type="button" className="button button--secondary finance-calculator__drive-away" onClick={() => update({ amount: Math.round(estimate.total) })}>
            {`Use the drive-away price: ${driveAwayMoney(estimate.total)} in ${estimate.state}`}
          </button>
        )}
        <MoneyInput
          id={`${id}-deposit`}
          name="tradeIn"
          label="Deposit or trade-in"
          value={inputs.tradeIn}
          onChange={(tradeIn) => update({ tradeIn })}
          step={500}
          min={0}
          max={bounds.depositMax}
          error={errors.tradeIn ?? null}
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
          error={errors.residual ?? null}
          help="Paid with the final repayment"
        />
        <div className="finance-calculator__field">
          <label htmlFor={`${id}-term`}>Loan term</label>
          <select id={`${id}-term`} name="term" value={shown.term} onChange={(event) => update({ term: Number(event.target.value) })}>
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
            onChange={(event) => update({ interest: rateValue(event.target.value) })}
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
          {result.kind === "refused" ? (
            <span className="finance-calculator__refused" data-testid="repayment-refused">
              {result.reason}
            </span>
          ) : result.kind === "enquire" ? (
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
        <RepaymentChart
          amountFinanced={result.amountFinanced}
          rate={shown.interest}
          years={shown.term}
          perYear={perYear}
          balloon={shown.residual}
          payment={result.repayment}
        />
      )}
      <p className="finance-calculator__actions">
        <a className="button button--primary" href={link}>
          Apply for Finance
        </a>
      </p>
      <Disclaimer text={disclaimer} />
      {notes.length > 0 && (
        <ul className="finance-calculator__notes" data-testid="finance-notes">
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
