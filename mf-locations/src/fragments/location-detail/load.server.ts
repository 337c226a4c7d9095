import type { FragmentRequest } from "@dealer/shared/fragment";
import { FragmentNotFound, type FragmentDefinition } from "@dealer/shared/fragment-server";
import { filterLocations, hoursOn, hoursTypes } from "@dealer/shared/rules";
import { siteSecrets } from "@dealer/shared/secrets";
import type { Env } from "../../env";
import { toCard, weekLines } from "../../locations/card";
import { locationJsonLd } from "../../locations/json-ld";
import { locationMap } from "../../locations/maps";
import { loadSiteLocations } from "../../locations/load.server";
import { type RatingAdapter, ratingAdapterFor } from "../../reviews/rating-adapter";
import LocationDetail from "./LocationDetail";
import type { LocationDetailProps } from "./props";

const DEPARTMENT_LABELS: Record<string, string> = { sales: "Sales", service: "Service", parts: "Parts" };

export async function loadLocationDetail(
  request: FragmentRequest,
  env: Env,
  now = new Date(),
  rating: RatingAdapter = ratingAdapterFor(request.config.reviews, siteSecrets(env, request.site.slug)),
): Promise<LocationDetailProps> {
  const location = filterLocations(await loadSiteLocations(request, env)).find((l) => l.slug === request.params.location);
  if (!location) throw new FragmentNotFound(`No location ${request.params.location}`);
  const summary = await rating(location);
  const types = hoursTypes(location.contact_detail.opening_hours);
  return {
    card: toCard(location, request.config, now),
    // ?type=parts (a parts list's details link) opens the page on that department's hours.
    initialType: types.find((type) => type === request.params.type) ?? types[0] ?? "sales",
    departments: types.map((type) => ({
      type,
      label: DEPARTMENT_LABELS[type] ?? type,
      today: { text: hoursOn(location, type, now).text, href: null },
      lines: weekLines(location, type, request.config.labels),
    })),
    map: locationMap(location, request.config.maps),
    rating: summary && summary.count > 0 ? { average: summary.average_rating, count: summary.count } : null,
    jsonLd: locationJsonLd(location, new URL(request.path.split("?")[0] ?? "/", request.origin).href),
  };
}

export const locationDetailFragment: FragmentDefinition<LocationDetailProps, Env> = {
  load: (request, env) => loadLocationDetail(request, env),
  Component: LocationDetail,
};
