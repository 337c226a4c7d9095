import type { SiteConfig } from "@dealer/shared/config";
import { landingPathMeaning, type ResolvedLanding, searchLandingPath } from "@dealer/shared/rules";
import { emptyRouteState, type RouteState, routeStateToQuery } from "@dealer/shared/rules";

/** What a landing path means for this site (see resolveLandingPath in the shared rules). */
export type Landing = ResolvedLanding;

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
