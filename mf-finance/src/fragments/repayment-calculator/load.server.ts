import type { FragmentRequest } from "@dealer/shared/fragment";
import type { FragmentDefinition } from "@dealer/shared/fragment-server";
import {
  boundsWithStart,
  carFinance,
  clampCalculatorInputs,
  defaultCalculatorInputs,
  financeNotes,
  parseMoneyText,
  quickPickAmounts,
} from "@dealer/shared/rules";
import { carDataVersion, financeCar, loadCar } from "../../car.server";
import type { Env } from "../../env";
import { lenderRecord, SITE_FINANCE_DISCLAIMER } from "../../finance-config.server";
import type { RepaymentCalculatorProps } from "./props";
import RepaymentCalculator from "./RepaymentCalculator";

/**
 * Start values: on a vehicle page the terms of the car's advertised repayment (car-repayment.ts: the car's own
 * price, the lender's deposit, term, unrounded rate and balloon, in its frequency), so the calculator starts on
 * that figure, its bounds widened to take them (ADR 0063); a car waiting for a live quote starts at its price,
 * 5 years and the site's rate. A car that shows no finance (`carFinance`) has no calculator. On a finance page the
 * vehiclePriceBudget of the address (a finance link's), else 30000.
 */
export async function loadRepaymentCalculator(request: FragmentRequest, env: Env, now = new Date()): Promise<RepaymentCalculatorProps> {
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
    const notes = financeNotes(finance, request.params.preferredDealership);
    return { ...common, start, car: null, preset: null, disclaimer: SITE_FINANCE_DISCLAIMER, notes };
  }

  const car = await loadCar(request, env);
  const decision = carFinance(car, request.config, now);
  if (!decision.offered) return { hidden: true };
  const figure = decision.repayment;
  const start = figure?.start ?? clampCalculatorInputs(defaultCalculatorInputs(decision.price, finance), finance.calculator);
  const disclaimer = (figure?.source === "lender" && lenderRecord(car, request.config)?.disclaimer) || SITE_FINANCE_DISCLAIMER;
  return {
    ...common,
    finance: { ...common.finance, calculator: boundsWithStart(finance.calculator, start) },
    start,
    car: financeCar(car),
    preset: figure?.terms ?? null,
    disclaimer,
    notes: financeNotes(finance, car.dealership_slug),
  };
}

export const repaymentCalculatorFragment: FragmentDefinition<RepaymentCalculatorProps, Env> = {
  load: (request, env) => loadRepaymentCalculator(request, env),
  Component: RepaymentCalculator,
  dataVersion: carDataVersion,
};
