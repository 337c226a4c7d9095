import type { SiteConfig } from "@dealer/shared/config";
import { type Car, carSchema } from "@dealer/shared/contract";
import { FragmentNotFound, type FragmentDefinition } from "@dealer/shared/fragment-server";
import {
  isSimilarSearchEligible,
  rankSimilarCars,
  relatedCarsPath,
  SIMILAR_QUERY_LIMIT,
  searchLandingPath,
  similarCarsFilters,
  siteSearchFilters,
} from "@dealer/shared/rules";
import { z } from "zod";
import type { Env } from "../../env";
import type { SearchApiFor } from "../../search-client/site-client";
import { stockSearchClient } from "../../search-client/stock-search-client";
import { cardAttributes, type CardCar } from "../search-results/result-card";
import VehicleRow, { type VehicleRowProps } from "./VehicleRow";

const paramsSchema = z.object({ slug: z.string().regex(/^[a-z0-9-]+$/) });
const rowSchema = z.object({ data: z.string() });

/** All conditions of one query, each parenthesised, as the engine's filters string. */
export const allOf = (filters: string[]) => filters.map((part) => `(${part})`).join(" AND ");

/** A site's car by its slug, or null. */
export async function carBySlug(db: D1Database, site: string, slug: string): Promise<Car | null> {
  const row = await db.prepare("SELECT data FROM vehicles WHERE site = ? AND slug = ?").bind(site, slug).first();
  return row ? carSchema.parse(JSON.parse(rowSchema.parse(row).data)) : null;
}

/**
 * A car's similar vehicles by the spec's multi-query (same make and model; same body in the price window; 10 per
 * query), same model first, de-duplicated, capped at vehicle.similarCarsCount: the vehicle page's row and the related
 * car ids (related-cars-route.ts) are the same list. None for a car the spec does not search for (not in stock).
 */
export async function similarCars(env: Env, site: string, searchApiFor: SearchApiFor, car: Car, config: SiteConfig, now: Date): Promise<CardCar[]> {
  if (!isSimilarSearchEligible(car) || config.vehicle.similarCarsCount === 0) return [];
  const { client } = await stockSearchClient(env, site, searchApiFor);
  const siteFilters = siteSearchFilters(config, now);
  const { results } = await client.search<CardCar>({
    requests: similarCarsFilters(car).map((filter) => ({
      indexName: config.search.indexName,
      filters: allOf([...siteFilters, filter]),
      hitsPerPage: SIMILAR_QUERY_LIMIT,
      attributesToRetrieve: [...cardAttributes],
      attributesToHighlight: [],
    })),
  });
  const hits = results.flatMap((result) => ("hits" in result ? result.hits : []));
  return rankSimilarCars(hits, car, config.vehicle.similarCarsCount);
}

/**
 * The car page's Similar vehicles: the heading and a search of the same make and model, rendered without a search
 * (ADR 0076). The row's code loads as the shopper nears it and fills it from the related-cars call (similarCars);
 * without JavaScript, for a car the similar search does not apply to (not in stock), or when the call fails, the
 * search link is the row.
 */
export function similarVehiclesFragment(): FragmentDefinition<VehicleRowProps, Env> {
  return {
    Component: VehicleRow,
    async load(request, env) {
      const params = paramsSchema.safeParse(request.params);
      if (!params.success) throw new FragmentNotFound("No vehicle slug");
      const car = await carBySlug(env.DB, request.site.slug, params.data.slug);
      if (!car) throw new FragmentNotFound(`No vehicle ${params.data.slug}`);
      const searches = isSimilarSearchEligible(car) && request.config.vehicle.similarCarsCount > 0;
      return {
        heading: "Similar vehicles",
        cards: [],
        searchHref: searchLandingPath({ make: car.make, model: car.model }, request.config.search),
        searchLabel: `Search all ${car.make} ${car.model}`,
        ...(searches ? { relatedHref: relatedCarsPath(car.slug) } : {}),
      };
    },
  };
}
