import type { FragmentRequest } from "@dealer/shared/fragment";
import type { FragmentDefinition } from "@dealer/shared/fragment-server";
import {
  carFinance,
  comparisonRate,
  DEFAULT_CALCULATOR_PRICE,
  ESTIMATE_TERM_YEARS,
  FINANCE_MIN_PRICE,
  financeEstimate,
  parseMoneyText,
  youxQuoteRequest,
} from "@dealer/shared/rules";
import { carDataVersion, loadCar } from "../../car.server";
import type { Env } from "../../env";
import { lenderRecord, SITE_FINANCE_DISCLAIMER } from "../../finance-config.server";
import EstimatePanel from "./EstimatePanel";
import type { EstimateFigure, EstimatePanelProps } from "./props";

/** Comparison rates without a car are for the spec's example: a 5-year secured loan of $30,000. */
const COMPARISON_EXAMPLE_AMOUNT = 30000;

/** The standard estimate (5 years, 10% deposit, 30% final payment) at the site's rate, the site's fee in its comparison rate. */
function standardEstimate(price: number, finance: FragmentRequest["config"]["finance"]): EstimateFigure {
  const rate = finance.defaultInterestRate;
  const estimate = financeEstimate(price, rate);
  return {
    amount: estimate.monthly,
    frequency: "monthly",
    interestRate: rate,
    comparisonRate: comparisonRate(COMPARISON_EXAMPLE_AMOUNT, rate, ESTIMATE_TERM_YEARS, 12, finance.establishmentFee),
    source: "estimate",
    price,
    deposit: estimate.deposit,
    balloon: estimate.finalPayment,
    termYears: estimate.termYears,
  };
}

/** /finance: the standard estimate of the address's vehiclePriceBudget (else $30,000). */
function siteEstimate(request: FragmentRequest): EstimatePanelProps {
  const { finance } = request.config;
  const budget = parseMoneyText(request.params.vehiclePriceBudget ?? "");
  const price = budget > FINANCE_MIN_PRICE ? Math.min(budget, finance.calculator.priceMax) : DEFAULT_CALCULATOR_PRICE;
  return { hidden: false, figure: standardEstimate(price, finance), disclaimer: SITE_FINANCE_DISCLAIMER, quoteRequest: null };
}

/**
 * A car: its one finance decision (car-repayment.ts `carFinance`, ADR 0063): the figure every other place shows with
 * its terms and the disclaimer of its source, or a live quote to ask for; a car that shows no finance has no panel
 * (never the standard estimate, which is for /finance only).
 */
export async function loadEstimatePanel(request: FragmentRequest, env: Env, now = new Date()): Promise<EstimatePanelProps> {
  const slug = request.params.slug;
  if (!slug) return siteEstimate(request);
  const car = await loadCar(request, env);
  const decision = carFinance(car, request.config, now);
  if (!decision.offered) return { hidden: true };
  const { repayment, price } = decision;
  if (!repayment) return { hidden: false, figure: null, disclaimer: SITE_FINANCE_DISCLAIMER, quoteRequest: youxQuoteRequest({ ...car, price }) };
  return {
    hidden: false,
    figure: {
      amount: repayment.amount,
      frequency: repayment.frequency,
      interestRate: repayment.interestRate,
      comparisonRate: repayment.comparisonRate,
      source: repayment.source,
      price: repayment.start.amount,
      deposit: repayment.start.tradeIn,
      balloon: repayment.start.residual,
      termYears: repayment.start.term,
    },
    // The disclaimer of the figure's own source: a lender's speaks of its rate, so it never sits under a quote.
    disclaimer: (repayment.source === "lender" && lenderRecord(car, request.config)?.disclaimer) || SITE_FINANCE_DISCLAIMER,
    quoteRequest: null,
  };
}

export const estimatePanelFragment: FragmentDefinition<EstimatePanelProps, Env> = {
  load: (request, env) => loadEstimatePanel(request, env),
  Component: EstimatePanel,
  dataVersion: carDataVersion,
};
