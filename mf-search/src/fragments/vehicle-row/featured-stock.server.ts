import type { FragmentDefinition } from "@dealer/shared/fragment-server";
import { IN_STOCK_STATUSES, siteSearchFilters } from "@dealer/shared/rules";
import type { Env } from "../../env";
import type { SearchApiFor } from "../../search-client/site-client";
import { stockSearchClient } from "../../search-client/stock-search-client";
import { cardAttributes, type CardCar, toResultCard } from "../search-results/result-card";
import { RECENTLY_ADDED_SUFFIX } from "../search-results/sort-options";
import { allOf } from "./similar-vehicles.server";
import VehicleRow, { type VehicleRowProps } from "./VehicleRow";

/**
 * The home page's featured stock: the site's most recently added in-stock cars (ADR 0013), home.featuredCount
 * of them, through the same index and site conditions as the search page. A failed search leaves the link only.
 */
export function featuredStockFragment(searchApiFor: SearchApiFor): FragmentDefinition<VehicleRowProps, Env> {
  return {
    Component: VehicleRow,
    async load(request, env) {
      const { config } = request;
      const result: VehicleRowProps = {
        heading: "Featured stock",
        cards: [],
        searchHref: `/search?sortBy=${encodeURIComponent(`${config.search.indexName}${RECENTLY_ADDED_SUFFIX}`)}`,
        searchLabel: "See all recently added stock",
      };
      try {
        const { client } = await stockSearchClient(env, request.site.slug, searchApiFor);
        const now = new Date();
        const inStock = IN_STOCK_STATUSES.map((status) => `status:${status}`).join(" OR ");
        const { hits } = await client.searchSingleIndex<CardCar>({
          indexName: `${config.search.indexName}${RECENTLY_ADDED_SUFFIX}`,
          searchParams: {
            filters: allOf([...siteSearchFilters(config, now), inStock]),
            hitsPerPage: config.home.featuredCount,
            attributesToRetrieve: [...cardAttributes],
            attributesToHighlight: [],
          },
        });
        return { ...result, cards: hits.map((hit) => toResultCard(hit, config, now, "row")) };
      } catch (error) {
        console.warn("[mf-search] featured stock search failed", error);
        return result;
      }
    },
  };
}
