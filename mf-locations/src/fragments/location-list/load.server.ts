import type { FragmentRequest } from "@dealer/shared/fragment";
import { FragmentNotFound, type FragmentDefinition } from "@dealer/shared/fragment-server";
import { POSTCODE_MESSAGE } from "@dealer/shared/contract";
import {
  byDistance,
  distanceKm,
  filterLocations,
  GEOCODE_INVALID_POSTCODE,
  listedDepartment,
  type LocationFilterKind,
  locationGridColumns,
  locationLayout,
  pathSegment,
  primaryLocation,
} from "@dealer/shared/rules";
import type { Env } from "../../env";
import { locationDetailsPath, toCard } from "../../locations/card";
import { locationsJsonLd } from "../../locations/json-ld";
import { locationsMap } from "../../locations/maps";
import { loadSiteLocations } from "../../locations/load.server";
import { type Geocoder, geocoderFor } from "../../locator/geocoder";
import LocationList from "./LocationList";
import type { LocationListProps, LocatorState } from "./props";

const KINDS: readonly LocationFilterKind[] = ["sales", "service", "parts", "service-and-parts", "all"];
const HEADINGS: Record<LocationFilterKind, string> = {
  sales: "Our sales locations",
  service: "Our service centres",
  parts: "Our parts departments",
  "service-and-parts": "Service and parts",
  all: "Our locations",
};

/** "12, 14,x" -> [12, 14]: ids from a comma list; anything else is ignored. */
const idList = (value: string | undefined) => (value ?? "").split(",").map((id) => Number(id.trim())).filter((id) => Number.isInteger(id) && id > 0);

/**
 * The location block's variants, from the slot's params: `location` (a slug) or `id` for one location,
 * `show=primary` for the primary location, else a list filtered by `filter` (sales, service, parts,
 * service-and-parts, all), `manufacturer` (name or slug), `subtype`, `include` and `exclude` (id lists).
 * `layout=grid` keeps a grid where several dealerships would otherwise give a carousel. With `locator=true`
 * (the dealer locator) the list also narrows by `state` and sorts nearest first from a `postcode`. The locator, and a
 * block with `map=true`, show the listed locations on a map (ADR 0050).
 */
export async function loadLocationList(request: FragmentRequest, env: Env, now = new Date(), geocoder: Geocoder = geocoderFor(request.config.maps)): Promise<LocationListProps> {
  const { params } = request;
  const all = await loadSiteLocations(request, env);
  const visible = filterLocations(all);
  let chosen = visible;
  let heading = "Our locations";
  let kind: LocationFilterKind = "all";
  if (params.location || params.id) {
    chosen = visible.filter((location) => location.slug === params.location || location.id === Number(params.id));
    if (chosen.length === 0) throw new FragmentNotFound(`No location ${params.location ?? params.id}`);
    heading = chosen[0]?.name ?? heading;
  } else if (params.show === "primary") {
    const primary = primaryLocation(visible);
    chosen = primary ? [primary] : [];
  } else {
    kind = KINDS.find((k) => k === params.filter) ?? "all";
    // A brand page names the make by its slug: match it against the locations' manufacturer names.
    const wanted = params.manufacturer ? pathSegment(params.manufacturer) : null;
    const manufacturer = wanted ? (all.flatMap((l) => l.manufacturers).find((m) => pathSegment(m) === wanted) ?? params.manufacturer) : null;
    chosen = filterLocations(visible, {
      kind,
      manufacturer,
      subtype: params.subtype || null,
      includeIds: idList(params.include),
      excludeIds: idList(params.exclude),
    });
    heading = HEADINGS[kind];
  }
  let locator: LocatorState | null = null;
  if (params.locator === "true") {
    const states = [...new Set(visible.map((location) => location.address.state))].sort();
    const state = states.find((s) => s === params.state) ?? "";
    if (state) chosen = chosen.filter((location) => location.address.state === state);
    const postcode = (params.postcode ?? "").trim();
    locator = { filter: KINDS.find((k) => k === params.filter) ?? "all", state, postcode: postcode.slice(0, 4), states, error: null, distances: {} };
    if (postcode && !/^\d{4}$/.test(postcode)) locator.error = POSTCODE_MESSAGE;
    else if (postcode) {
      const from = await geocoder(postcode);
      if (!from) locator.error = GEOCODE_INVALID_POSTCODE;
      else {
        chosen = byDistance(chosen, from);
        locator.distances = Object.fromEntries(chosen.map((location) => [location.id, Math.round(distanceKm(from, location.address))]));
      }
    }
  }
  const layout = locationLayout(chosen);
  return {
    heading,
    layout: layout === "carousel" && params.layout === "grid" ? "grid" : layout,
    columns: locationGridColumns(chosen.length),
    locations: chosen.map((location) => toCard(location, request.config, now, listedDepartment(location, kind))),
    locator,
    map:
      params.locator === "true" || params.map === "true"
        ? locationsMap(
            chosen.map((location) => ({ lat: location.address.lat, long: location.address.long })),
            chosen.map((location) => location.name),
            request.config.maps,
          )
        : null,
    // Absolute URLs: search engines read structured data apart from the page.
    jsonLd: chosen.length ? locationsJsonLd(chosen, (location) => new URL(locationDetailsPath(location), request.origin).href) : null,
  };
}

export const locationListFragment: FragmentDefinition<LocationListProps, Env> = {
  load: (request, env) => loadLocationList(request, env),
  Component: LocationList,
};
