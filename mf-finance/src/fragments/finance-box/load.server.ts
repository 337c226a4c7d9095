import type { FragmentRequest } from "@dealer/shared/fragment";
import type { FragmentDefinition } from "@dealer/shared/fragment-server";
import { financeEntryFor, financeLink, isFinanceDisplayable } from "@dealer/shared/rules";
import { loadCar } from "../../car.server";
import type { Env } from "../../env";
import FinanceBox from "./FinanceBox";
import type { FinanceBoxProps } from "./props";

/** The box shows only when the provider's rules allow it (finance-eligibility.ts); the figures are the lender's own. */
export async function loadFinanceBox(request: FragmentRequest, env: Env, now = new Date()): Promise<FinanceBoxProps> {
  const slug = request.params.slug;
  if (!slug) return { hidden: true };
  const car = await loadCar(env, request.site.slug, slug);
  const { finance, vehicle } = request.config;
  const entry = financeEntryFor(car, finance.provider);
  if (!entry || !isFinanceDisplayable(car, finance, now)) return { hidden: true };
  const monthlyLender = finance.provider === "nissan";
  const amount = monthlyLender ? entry.paymentMonth : entry.paymentWeek;
  return {
    hidden: false,
    provider: finance.provider,
    repayment: amount != null && amount > 0 ? { amount, period: monthlyLender ? "month" : "week" } : null,
    interestRate: entry.interestRate ?? null,
    comparisonRate: entry.comparisonRate ?? null,
    lenderDisclaimer: finance.provider === "carclarity" ? (entry.disclaimer ?? null) : null,
    link: financeLink(finance.financePath, car),
    buttonLabel: vehicle.financeButtonLabel,
  };
}

export const financeBoxFragment: FragmentDefinition<FinanceBoxProps, Env> = {
  load: (request, env) => loadFinanceBox(request, env),
  Component: FinanceBox,
};
