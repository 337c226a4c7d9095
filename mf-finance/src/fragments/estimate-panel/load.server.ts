import type { FragmentRequest } from "@dealer/shared/fragment";
import type { FragmentDefinition } from "@dealer/shared/fragment-server";
import {
  comparisonRate,
  DEFAULT_CALCULATOR_PRICE,
  ESTIMATE_TERM_YEARS,
  FINANCE_MIN_PRICE,
  isInStock,
  parseMoneyText,
  shouldRequestYouxQuote,
  youxQuoteRequest,
} from "@dealer/shared/rules";
import { loadCar } from "../../car.server";
import type { Env } from "../../env";
import { lenderRecord, SITE_FINANCE_DISCLAIMER, shownPrice } from "../../finance-config.server";
import EstimatePanel from "./EstimatePanel";
import type { EstimatePanelProps } from "./props";

/** Comparison rates without a car are for the spec's example: a 5-year secured loan of $30,000. */
const COMPARISON_EXAMPLE_AMOUNT = 30000;

/** /finance: the address's vehiclePriceBudget (else $30,000) at the site's rate, its fee in the comparison rate. */
function siteEstimate(request: FragmentRequest): EstimatePanelProps {
  const { defaultInterestRate: rate, establishmentFee } = request.config.finance;
  const budget = parseMoneyText(request.params.vehiclePriceBudget ?? "");
  return {
    hidden: false,
    price: budget > FINANCE_MIN_PRICE ? Math.min(budget, request.config.finance.calculator.priceMax) : DEFAULT_CALCULATOR_PRICE,
    estimateRate: rate,
    advertisedRate: rate,
    comparisonRate: comparisonRate(COMPARISON_EXAMPLE_AMOUNT, rate, ESTIMATE_TERM_YEARS, 12, establishmentFee),
    disclaimer: SITE_FINANCE_DISCLAIMER,
    quoteRequest: null,
  };
}

/** An in-stock car priced over $500: the lender's rates when it has them, else a quote's, else '-'. */
export async function loadEstimatePanel(request: FragmentRequest, env: Env): Promise<EstimatePanelProps> {
  const slug = request.params.slug;
  if (!slug) return siteEstimate(request);
  const car = await loadCar(env, request.site.slug, slug);
  const price = shownPrice(car, request.config);
  if (!isInStock(car.status) || price === null || price <= FINANCE_MIN_PRICE) return { hidden: true };
  const lender = lenderRecord(car, request.config);
  const advertisedRate = lender?.interestRate ?? car.youxQuote?.advertisedRate ?? null;
  return {
    hidden: false,
    price,
    estimateRate: advertisedRate ?? request.config.finance.defaultInterestRate,
    advertisedRate,
    comparisonRate: lender?.comparisonRate ?? car.youxQuote?.comparisonRate ?? null,
    disclaimer: lender?.disclaimer || SITE_FINANCE_DISCLAIMER,
    quoteRequest: shouldRequestYouxQuote(car, request.config.features) ? youxQuoteRequest(car) : null,
  };
}

export const estimatePanelFragment: FragmentDefinition<EstimatePanelProps, Env> = {
  load: loadEstimatePanel,
  Component: EstimatePanel,
};
