import type { FragmentRequest } from "@dealer/shared/fragment";
import type { FragmentDefinition } from "@dealer/shared/fragment-server";
import { facetValues, filterValue, searchSite } from "@dealer/shared/http";
import { BUDGET_MIN_STOCK_PRICE, IN_STOCK_STATUS_FILTER, vehicleNoun } from "@dealer/shared/rules";
import type { Env } from "../../env";
import BudgetFinder from "./BudgetFinder";
import type { BudgetFinderProps } from "./props";

/**
 * The tenant's in-stock cars shown on its website and priced over $1,000, by body: the body tiles, and the lowest
 * and highest price behind the button. Counted by the site's search index (ADR 0036): one query for the bodies, then
 * one per body for its price range, never a scan of the site's rows.
 */
export async function loadBudgetFinder(request: FragmentRequest, env: Env): Promise<BudgetFinderProps> {
  const { indexName } = request.config.search;
  const inBudget = `(${IN_STOCK_STATUS_FILTER}) AND show_on_dealer_website:true AND price > ${BUDGET_MIN_STOCK_PRICE}`;
  const [byBody] = await searchSite(env.MF_SEARCH, request.site.slug, [{ indexName, filters: inBudget, facets: ["body"], hitsPerPage: 0, maxValuesPerFacet: 100 }]);
  // The search API answers at most 50 queries at once; a dealer's bodies are a dozen or so.
  const bodies = facetValues(byBody, "body").slice(0, 50);
  const ranges = bodies.length
    ? await searchSite(
        env.MF_SEARCH,
        request.site.slug,
        bodies.map((body) => ({ indexName, filters: `${inBudget} AND body:${filterValue(body.value)}`, facets: ["price"], hitsPerPage: 0 })),
      )
    : [];
  return {
    bodies: bodies.flatMap((body, position) => {
      const price = ranges[position]?.facets_stats?.price;
      return price ? [{ body: body.value, count: body.count, min: price.min, max: price.max }] : [];
    }),
    vehicleNoun: vehicleNoun(request.site.template),
    budget: request.config.budget,
    wording: request.config.labels.budgetEmptyWording,
  };
}

export const budgetFinderFragment: FragmentDefinition<BudgetFinderProps, Env> = {
  load: loadBudgetFinder,
  Component: BudgetFinder,
};
