import { type Location, locationSchema } from "@dealer/shared/contract";
import type { FragmentRequest } from "@dealer/shared/fragment";
import { FragmentNotFound, type FragmentDefinition } from "@dealer/shared/fragment-server";
import { z } from "zod";
import type { Env } from "../../env";
import { todayHours, weekHours } from "./hours";
import LocationList from "./LocationList";
import type { LocationCard, LocationListProps } from "./props";

const rowsSchema = z.array(z.object({ data: z.string() }));

export function directionsUrl(location: Pick<Location, "address">): string {
  return `https://www.google.com/maps/search/?api=1&query=${location.address.lat},${location.address.long}`;
}

function toCard(location: Location, now: Date, labels: FragmentRequest["config"]["labels"]): LocationCard {
  const { street, city, state, postcode } = location.address;
  return {
    id: location.id,
    name: location.name,
    slug: location.slug,
    address: { street, city, state, postcode },
    phone: location.contact_detail.phone,
    directionsUrl: directionsUrl(location),
    today: todayHours(location, now, labels),
    week: weekHours(location, labels),
  };
}

/** One location (params.location) or every visible location of the site, primary first. */
export async function loadLocationList(request: FragmentRequest, env: Env, now = new Date()): Promise<LocationListProps> {
  const slug = request.params.location;
  const query = slug
    ? env.DB.prepare("SELECT data FROM locations WHERE site = ? AND slug = ?").bind(request.site.slug, slug)
    : env.DB.prepare("SELECT data FROM locations WHERE site = ? ORDER BY primary_flag DESC, id").bind(request.site.slug);
  const { results } = await query.all();
  const locations = rowsSchema
    .parse(results)
    .map((row) => locationSchema.parse(JSON.parse(row.data)))
    .filter((location) => location.visible);
  if (slug && locations.length === 0) throw new FragmentNotFound(`No location ${slug}`);
  return {
    heading: slug && locations[0] ? locations[0].name : "Our locations",
    locations: locations.map((location) => toCard(location, now, request.config.labels)),
  };
}

export const locationListFragment: FragmentDefinition<LocationListProps, Env> = {
  load: (request, env) => loadLocationList(request, env),
  Component: LocationList,
};
