import type { FragmentRequest } from "@dealer/shared/fragment";
import type { FragmentDefinition } from "@dealer/shared/fragment-server";
import {
  carRepayment,
  comparisonRate,
  DEFAULT_CALCULATOR_PRICE,
  ESTIMATE_TERM_YEARS,
  FINANCE_MIN_PRICE,
  financeEstimate,
  financePrice,
  isInStock,
  parseMoneyText,
  shouldRequestYouxQuote,
  youxQuoteRequest,
} from "@dealer/shared/rules";
import { loadCar } from "../../car.server";
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
 * An in-stock car priced over $500: its advertised repayment (car-repayment.ts, the figure every other place shows)
 * with its terms, else the standard estimate of its price; a quote the browser fetches replaces the standard one.
 */
export async function loadEstimatePanel(request: FragmentRequest, env: Env, now = new Date()): Promise<EstimatePanelProps> {
  const slug = request.params.slug;
  if (!slug) return siteEstimate(request);
  const car = await loadCar(env, request.site.slug, slug);
  const price = financePrice(car, request.config);
  if (!isInStock(car.status) || price === null || price <= FINANCE_MIN_PRICE) return { hidden: true };
  const advertised = carRepayment(car, request.config, now);
  const figure: EstimateFigure = advertised
    ? {
        amount: advertised.amount,
        frequency: advertised.frequency,
        interestRate: advertised.interestRate,
        comparisonRate: advertised.comparisonRate,
        source: advertised.source,
        price: advertised.start.amount,
        deposit: advertised.start.tradeIn,
        balloon: advertised.start.residual,
        termYears: advertised.start.term,
      }
    : standardEstimate(price, request.config.finance);
  return {
    hidden: false,
    figure,
    disclaimer: lenderRecord(car, request.config)?.disclaimer || SITE_FINANCE_DISCLAIMER,
    quoteRequest: !advertised && shouldRequestYouxQuote({ ...car, price }, request.config.features) ? youxQuoteRequest({ ...car, price }) : null,
  };
}

export const estimatePanelFragment: FragmentDefinition<EstimatePanelProps, Env> = {
  load: (request, env) => loadEstimatePanel(request, env),
  Component: EstimatePanel,
};
