import {
  BUDGET_BODY_HEADING,
  BUDGET_DISCLAIMER,
  BUDGET_HEADING,
  BUDGET_INPUT_MAX,
  type BudgetPeriod,
  budgetBasisText,
  budgetBodyTypes,
  budgetButton,
  budgetCarType,
  budgetDefaults,
  budgetFromRepayment,
  budgetSearchUrl,
  defaultRepayment,
  formatMoney,
  parseBudgetInput,
} from "@dealer/shared/rules";
import { useFieldsChangedBeforeHydration } from "@dealer/shared/changed-before-hydration";
import { useId, useRef, useState } from "react";
import MoneyInput, { moneyInputValue } from "../../money-input/MoneyInput";
import RadioGroup from "../../radio-group/RadioGroup";
import type { BodyStock, BudgetFinderProps } from "./props";

export type { BudgetFinderProps } from "./props";

const PERIODS: { value: BudgetPeriod; label: string }[] = [
  { value: "weekly", label: "Weekly" },
  { value: "monthly", label: "Monthly" },
];

/** The chosen body types as a search refinement (InstantSearch's URL shape, which /search reads; brackets percent-encoded). */
function withBodies(url: string, bodies: string[]): string {
  return bodies.reduce((href, body, index) => `${href}&refinementList%5Bsimple_body%5D%5B${index}%5D=${encodeURIComponent(body)}`, url);
}

/** Lowest and highest price of the stock the shopper is looking at: the chosen bodies, or all. */
function priceRange(stock: BodyStock[]): { lowest: number | null; highest: number | null } {
  if (stock.length === 0) return { lowest: null, highest: null };
  return { lowest: Math.min(...stock.map((entry) => entry.min)), highest: Math.max(...stock.map((entry) => entry.max)) };
}

/** 'Find cars for your budget': repayment and deposit -> a budget -> the search within it, by body type. */
export default function BudgetFinder({ bodies, vehicleNoun, budget: settings, wording }: BudgetFinderProps) {
  const id = useId();
  const start = budgetDefaults(settings);
  const [period, setPeriod] = useState(start.period);
  const [repayment, setRepayment] = useState(start.repayment);
  const [deposit, setDeposit] = useState(start.deposit);
  const [chosen, setChosen] = useState<string[]>([]);
  const form = useRef<HTMLFormElement>(null);
  const choosePeriod = (next: BudgetPeriod) => {
    setPeriod(next);
    setRepayment(defaultRepayment(next, settings));
  };
  // The finder hydrates on first touch: a period, repayment or deposit set before then is what the budget must use
  // (in the form's order, so a typed repayment outlasts the default a period change brings).
  useFieldsChangedBeforeHydration(form, (name, value) => {
    const picked = PERIODS.find((option) => option.value === value);
    if (name === `${id}-period` && picked) choosePeriod(picked.value);
    if (name === "repayment") setRepayment(parseBudgetInput(moneyInputValue(value)));
    if (name === "deposit") setDeposit(parseBudgetInput(moneyInputValue(value)));
  });

  const budget = budgetFromRepayment(repayment, period, deposit);
  const tiles = budgetBodyTypes(Object.fromEntries(bodies.map((entry) => [entry.body, entry.count])), settings.customBodies);
  const inView = chosen.length > 0 ? bodies.filter((entry) => chosen.includes(entry.body)) : bodies;
  const { lowest, highest } = priceRange(inView);
  const button = budgetButton(budget, lowest, budgetCarType(chosen, vehicleNoun), wording);
  const toggle = (body: string) => setChosen((current) => (current.includes(body) ? current.filter((b) => b !== body) : [...current, body]));

  return (
    <section className="budget-finder" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="budget-finder__heading">
        {BUDGET_HEADING}
      </h2>
      <form ref={form} className="budget-finder__form" onSubmit={(event) => event.preventDefault()} noValidate>
        <RadioGroup
          name={`${id}-period`}
          legend="Repayment period"
          options={PERIODS}
          value={period}
          onChange={choosePeriod}
        />
        <MoneyInput
          id={`${id}-repayment`}
          name="repayment"
          label={period === "monthly" ? "Monthly repayment" : "Weekly repayment"}
          value={repayment}
          onChange={(value) => setRepayment(parseBudgetInput(value))}
          step={period === "monthly" ? 50 : 10}
          min={0}
          max={BUDGET_INPUT_MAX}
        />
        <MoneyInput
          id={`${id}-deposit`}
          name="deposit"
          label="Deposit or trade-in"
          value={deposit}
          onChange={(value) => setDeposit(parseBudgetInput(value))}
          step={500}
          min={0}
          max={BUDGET_INPUT_MAX}
        />
      </form>
      <output className="budget-finder__budget" aria-live="polite" htmlFor={`${id}-repayment ${id}-deposit`}>
        <span className="budget-finder__budget-label">Your estimated budget</span>
        <span className="budget-finder__budget-amount" data-testid="budget">
          {formatMoney(budget)}
        </span>
        <span className="budget-finder__basis" data-testid="budget-basis">
          {budgetBasisText(repayment, period, deposit)}
        </span>
      </output>
      {tiles.length > 0 && (
        <fieldset className="budget-finder__bodies">
          <legend>{BUDGET_BODY_HEADING}</legend>
          <div className="budget-finder__tiles">
            {tiles.map((body) => (
              <button key={body} type="button" className="budget-finder__tile" aria-pressed={chosen.includes(body)} onClick={() => toggle(body)}>
                {body}
              </button>
            ))}
          </div>
        </fieldset>
      )}
      {button.disabled ? (
        <button type="button" className="button button--primary budget-finder__search" disabled>
          {button.label}
        </button>
      ) : (
        <a className="button button--primary budget-finder__search" href={withBodies(budgetSearchUrl(budget, highest), chosen)}>
          {button.label}
        </a>
      )}
      <p className="budget-finder__disclaimer" data-testid="budget-disclaimer">
        {BUDGET_DISCLAIMER}
      </p>
    </section>
  );
}
