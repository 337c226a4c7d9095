import type { FragmentRequest } from "@dealer/shared/fragment";
import type { FragmentDefinition } from "@dealer/shared/fragment-server";
import { carRepayment, financeEntryFor, financeLink, repaymentBasis, repaymentTermsText } from "@dealer/shared/rules";
import { carDataVersion, loadCar } from "../../car.server";
import type { Env } from "../../env";
import FinanceBox from "./FinanceBox";
import type { FinanceBoxProps } from "./props";

/** The box shows the car's advertised repayment (car-repayment.ts: the lender's, else a stored quote) with its rates; none, no box. */
export async function loadFinanceBox(request: FragmentRequest, env: Env, now = new Date()): Promise<FinanceBoxProps> {
  const slug = request.params.slug;
  if (!slug) return { hidden: true };
  const car = await loadCar(request, env);
  const { finance, vehicle } = request.config;
  const figure = carRepayment(car, request.config, now);
  if (!figure) return { hidden: true };
  return {
    hidden: false,
    provider: finance.provider,
    repayment: { amount: figure.amount, period: figure.frequency === "monthly" ? "month" : "week" },
    terms: repaymentTermsText(repaymentBasis(figure)),
    interestRate: figure.interestRate,
    comparisonRate: figure.comparisonRate,
    lenderDisclaimer: finance.provider === "carclarity" && figure.source === "lender" ? (financeEntryFor(car, finance.provider)?.disclaimer ?? null) : null,
    link: financeLink(finance.financePath, car),
    buttonLabel: vehicle.financeButtonLabel,
  };
}

export const financeBoxFragment: FragmentDefinition<FinanceBoxProps, Env> = {
  load: (request, env) => loadFinanceBox(request, env),
  Component: FinanceBox,
  dataVersion: carDataVersion,
};
