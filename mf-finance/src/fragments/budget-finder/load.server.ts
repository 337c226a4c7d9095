import type { FragmentRequest } from "@dealer/shared/fragment";
import type { FragmentDefinition } from "@dealer/shared/fragment-server";
import { BUDGET_MIN_STOCK_PRICE, IN_STOCK_STATUSES } from "@dealer/shared/rules";
import { z } from "zod";
import type { Env } from "../../env";
import { vehicleNoun } from "../../vehicle-noun";
import BudgetFinder from "./BudgetFinder";
import type { BudgetFinderProps } from "./props";

const bodyRowSchema = z.object({ body: z.string(), count: z.number(), min: z.number(), max: z.number() });

/**
 * The tenant's in-stock cars shown on its website and priced over $1,000, by simple_body (one grouped
 * query): the body tiles, and the lowest and highest price behind the button.
 */
export async function loadBudgetFinder(request: FragmentRequest, env: Env): Promise<BudgetFinderProps> {
  const statuses = IN_STOCK_STATUSES.map(() => "?").join(", ");
  const where = `site = ? AND status IN (${statuses}) AND COALESCE(json_extract(data, '$.show_on_dealer_website'), 1) = 1`;
  const binds = [request.site.slug, ...IN_STOCK_STATUSES];
  const bodies = await env.DB.prepare(
      `SELECT json_extract(data, '$.simple_body') AS body, COUNT(*) AS count,
              MIN(json_extract(data, '$.price')) AS min, MAX(json_extract(data, '$.price')) AS max
         FROM vehicles WHERE ${where} AND json_extract(data, '$.price') > ? AND json_extract(data, '$.simple_body') IS NOT NULL
        GROUP BY body`,
    )
    .bind(...binds, BUDGET_MIN_STOCK_PRICE)
    .all();
  return {
    bodies: z.array(bodyRowSchema).parse(bodies.results),
    vehicleNoun: vehicleNoun(request.site.template),
    budget: request.config.budget,
    wording: request.config.labels.budgetEmptyWording,
  };
}

export const budgetFinderFragment: FragmentDefinition<BudgetFinderProps, Env> = {
  load: loadBudgetFinder,
  Component: BudgetFinder,
};
