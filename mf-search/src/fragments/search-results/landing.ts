import type { SiteConfig } from "@dealer/shared/config";
import { landingPathMeaning, pathSegment, searchLandingPath } from "@dealer/shared/rules";
import { emptyRouteState, type RouteState, routeStateToQuery } from "./route-state";

/** The values a landing path's segments can name, as the stock spells them. */
export type LandingVocabulary = { makes: readonly string[]; makeModels: readonly string[]; bodies: readonly string[]; dealerships: readonly string[] };

/**
 * What a landing path means for this site: refinements (make, make_model, body, car_type) that the shopper can
 * change, or a dealership that stays fixed. null when a segment names nothing the site has (the tenant's 404).
 */
export type Landing = { refinements: RouteState["refinementList"]; dealership: string | null };

const bySegment = (values: readonly string[], segment: string) => values.find((value) => pathSegment(value) === segment);

export function resolveLanding(first: string | undefined, second: string | undefined, vocabulary: LandingVocabulary): Landing | null {
  if (!first) return { refinements: {}, dealership: null };
  const meaning = landingPathMeaning(first, second);
  switch (meaning.kind) {
    case "car_type":
      return { refinements: meaning.car_type.length ? { car_type: [...meaning.car_type] } : {}, dealership: null };
    case "make_model": {
      const make = bySegment(vocabulary.makes, meaning.make);
      const makeModel = make && vocabulary.makeModels.find((value) => value.startsWith(`${make} `) && pathSegment(value.slice(make.length + 1)) === meaning.model);
      return make && makeModel ? { refinements: { make: [make], make_model: [makeModel] }, dealership: null } : null;
    }
    case "segment": {
      const make = bySegment(vocabulary.makes, meaning.segment);
      if (make) return { refinements: { make: [make] }, dealership: null };
      const body = bySegment(vocabulary.bodies, meaning.segment);
      if (body) return { refinements: { body: [body] }, dealership: null };
      return vocabulary.dealerships.includes(meaning.segment) ? { refinements: {}, dealership: meaning.segment } : null;
    }
  }
}

const single = (values: readonly string[] | undefined) => (values?.length === 1 ? values[0]! : null);
const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value) => b.includes(value));

/**
 * The address for a state. On /search everything is in the query; from a landing path the path is rebuilt from the
 * current filters (searchLandingPath) and only what the path does not say stays in the query.
 */
export function searchAddress(
  state: RouteState,
  base: { pathname: string; landing: boolean; dealership: string | null },
  search: Pick<SiteConfig["search"], "landingBase">,
): string {
  if (!base.landing || base.dealership) return `${base.pathname}${routeStateToQuery(state)}`;
  const rest: RouteState = { ...state, refinementList: { ...state.refinementList } };
  const make = single(state.refinementList.make);
  const makeModel = single(state.refinementList.make_model);
  const model = make && makeModel?.startsWith(`${make} `) ? makeModel.slice(make.length + 1) : null;
  const body = make ? null : single(state.refinementList.body);
  const carTypes = state.refinementList.car_type ?? [];
  const path = searchLandingPath({ make, model, body, car_type: carTypes }, search);
  if (make) {
    delete rest.refinementList.make;
    if (model) delete rest.refinementList.make_model;
  } else if (body) {
    delete rest.refinementList.body;
  } else {
    const meaning = landingPathMeaning(path.slice(path.lastIndexOf("/") + 1));
    if (meaning.kind === "car_type" && sameSet(meaning.car_type, carTypes)) delete rest.refinementList.car_type;
  }
  return `${path}${routeStateToQuery(rest)}`;
}

/** The state an address shows: its query string plus what its landing path says. */
export function stateWithLanding(query: RouteState, landing: Landing | null): RouteState {
  if (!landing) return query;
  return { ...emptyRouteState(), ...query, refinementList: { ...landing.refinements, ...query.refinementList } };
}
