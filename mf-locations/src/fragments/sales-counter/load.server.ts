import type { FragmentRequest } from "@dealer/shared/fragment";
import type { FragmentDefinition } from "@dealer/shared/fragment-server";
import { salesCounterRange, salesToday } from "@dealer/shared/rules";
import type { Env } from "../../env";
import SalesCounter, { type SalesCounterProps } from "./SalesCounter";

/**
 * Cars the group sold today by its stock's sold dates (two range reads on vehicles_site_sold_date). Where the
 * stock holds no sale in the last 30 days, the site's fallback: the spec's formula, or no counter.
 */
export async function loadSalesCounter(request: FragmentRequest, env: Env, now = new Date()): Promise<SalesCounterProps> {
  const { todayFrom, dataFrom, until } = salesCounterRange(now);
  const site = request.site.slug;
  const [recent, today] = await env.DB.batch<{ n: number }>([
    env.DB.prepare("SELECT COUNT(*) AS n FROM (SELECT 1 FROM vehicles WHERE site = ? AND sold_date >= ? AND sold_date <= ? LIMIT 1)").bind(site, dataFrom, until),
    env.DB.prepare("SELECT COUNT(*) AS n FROM vehicles WHERE site = ? AND sold_date >= ? AND sold_date <= ?").bind(site, todayFrom, until),
  ]);
  if (recent?.results[0]?.n) return { count: today?.results[0]?.n ?? 0, source: "sales" };
  return request.config.home.salesCounterFallback === "formula" ? { count: salesToday(now), source: "formula" } : { count: null, source: "formula" };
}

export const salesCounterFragment: FragmentDefinition<SalesCounterProps, Env> = {
  load: (request, env) => loadSalesCounter(request, env),
  Component: SalesCounter,
};
