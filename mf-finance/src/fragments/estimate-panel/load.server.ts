import type { FragmentRequest } from "@dealer/shared/fragment";
import type { FragmentDefinition } from "@dealer/shared/fragment-server";
import { FINANCE_MIN_PRICE, isInStock, shouldRequestYouxQuote, youxQuoteRequest } from "@dealer/shared/rules";
import { loadCar } from "../../car.server";
import type { Env } from "../../env";
import { lenderRecord, SITE_FINANCE_DISCLAIMER, shownPrice } from "../../finance-config.server";
import EstimatePanel from "./EstimatePanel";
import type { EstimatePanelProps } from "./props";

/** An in-stock car priced over $500: the lender's rates when it has them, else a quote's, else '-'. */
export async function loadEstimatePanel(request: FragmentRequest, env: Env): Promise<EstimatePanelProps> {
  const slug = request.params.slug;
  if (!slug) return { hidden: true };
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
