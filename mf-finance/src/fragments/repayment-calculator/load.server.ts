import type { FragmentRequest } from "@dealer/shared/fragment";
import type { FragmentDefinition } from "@dealer/shared/fragment-server";
import { clampCalculatorInputs, defaultCalculatorInputs, isInStock, parseMoneyText, quickPickAmounts } from "@dealer/shared/rules";
import { financeCar, loadCar } from "../../car.server";
import type { Env } from "../../env";
import { lenderRecord, SITE_FINANCE_DISCLAIMER, shownPrice } from "../../finance-config.server";
import type { RepaymentCalculatorProps } from "./props";
import RepaymentCalculator from "./RepaymentCalculator";

/**
 * Start values: on a vehicle page the car's shown price and its lender's preset terms (deposit, term, rate,
 * balloon); on /finance the vehiclePriceBudget of the address (a finance link's), else 30000. A sold car gets none.
 */
export async function loadRepaymentCalculator(request: FragmentRequest, env: Env): Promise<RepaymentCalculatorProps> {
  const { finance, budget } = request.config;
  const common = {
    hidden: false as const,
    finance: { calculator: finance.calculator, establishmentFee: finance.establishmentFee, financePath: finance.financePath },
    quickPicks: quickPickAmounts(budget.moneyInputMin, budget.moneyInputMax),
  };
  const slug = request.params.slug;
  if (!slug) {
    const budgetPrice = parseMoneyText(request.params.vehiclePriceBudget ?? "");
    const start = clampCalculatorInputs(defaultCalculatorInputs(budgetPrice, finance), finance.calculator);
    return { ...common, start, car: null, preset: null, disclaimer: SITE_FINANCE_DISCLAIMER };
  }

  const car = await loadCar(env, request.site.slug, slug);
  if (!isInStock(car.status)) return { hidden: true };
  const preset = lenderRecord(car, request.config);
  const defaults = defaultCalculatorInputs(shownPrice(car, request.config), finance);
  const presetTerm = preset?.termYears ?? (preset?.termMonths ? preset.termMonths / 12 : null);
  const start = clampCalculatorInputs(
    {
      ...defaults,
      tradeIn: preset?.deposit ?? defaults.tradeIn,
      residual: preset?.balloon ?? defaults.residual,
      term: presetTerm ?? defaults.term,
      interest: preset?.interestRate ?? defaults.interest,
    },
    finance.calculator,
  );
  return { ...common, start, car: financeCar(car), preset, disclaimer: preset?.disclaimer || SITE_FINANCE_DISCLAIMER };
}

export const repaymentCalculatorFragment: FragmentDefinition<RepaymentCalculatorProps, Env> = {
  load: loadRepaymentCalculator,
  Component: RepaymentCalculator,
};
