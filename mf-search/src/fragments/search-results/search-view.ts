import type { PageConfig } from "@dealer/shared/config";
import { certifiedFacetValues, collapseConsecutiveSold, displayCount, MAKE_MODEL_LIMIT } from "@dealer/shared/rules";
import { type CardCar, type ResultCard, toResultCard } from "./result-card";
import { RANGE_ATTRIBUTES, REFINEMENT_ATTRIBUTES } from "@dealer/shared/rules";

export type FacetValue = { value: string; count: number; refined: boolean };
export type FacetStats = { min: number; max: number };

/** What the page shows for one search: computed the same way on the server and after each browser search. */
export type SearchView = {
  cards: ResultCard[];
  nbHits: number;
  /** The count a shopper reads (a count over 1999 is replaced by the facet total). */
  count: number;
  /** 0-based. */
  page: number;
  nbPages: number;
  facets: Record<string, FacetValue[]>;
  stats: Record<string, FacetStats | null>;
};

/** The parts of the helper's SearchResults this page reads (kept structural so the view needs no helper import). */
export type HelperResults = {
  hits: CardCar[];
  nbHits: number;
  page: number;
  nbPages: number;
  getFacetValues(attribute: string, options: { sortBy: string[] }): unknown;
  getFacetStats(attribute: string): { min?: number; max?: number } | undefined;
};

function facetValues(results: HelperResults, attribute: string): FacetValue[] {
  const values = results.getFacetValues(attribute, { sortBy: ["isRefined:desc", "count:desc", "name:asc"] });
  if (!Array.isArray(values)) return [];
  return values.map((entry: { name: string; count: number; isRefined: boolean }) => ({
    value: entry.name,
    count: entry.count,
    refined: entry.isRefined,
  }));
}

export function toSearchView(results: HelperResults, config: PageConfig, now: Date): SearchView {
  const facets: Record<string, FacetValue[]> = {};
  for (const attribute of REFINEMENT_ATTRIBUTES) facets[attribute] = facetValues(results, attribute);
  facets.certified = certifiedFacetValues(facets.certified ?? [], config.search.certifiedOnly);
  facets.make_model = (facets.make_model ?? []).slice(0, MAKE_MODEL_LIMIT);
  const stats: Record<string, FacetStats | null> = {};
  for (const attribute of RANGE_ATTRIBUTES) {
    const found = results.getFacetStats(attribute);
    stats[attribute] = found && typeof found.min === "number" && typeof found.max === "number" ? { min: found.min, max: found.max } : null;
  }
  // The per-type facet total stands in for a capped count.
  const typeTotal = (facets.car_type ?? []).reduce((sum, entry) => sum + entry.count, 0);
  return {
    cards: collapseConsecutiveSold(results.hits).map((hit) => toResultCard(hit, config, now)),
    nbHits: results.nbHits,
    count: displayCount(results.nbHits, typeTotal || null),
    page: results.page,
    nbPages: results.nbPages,
    facets,
    stats,
  };
}
