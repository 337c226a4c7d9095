import { type Location, locationSchema } from "@dealer/shared/contract";
import type { FragmentRequest } from "@dealer/shared/fragment";
import { FragmentNotFound, type FragmentDefinition } from "@dealer/shared/fragment-server";
import { filterLocations, hoursOn, openingHoursRows } from "@dealer/shared/rules";
import { z } from "zod";
import type { Env } from "../../env";
import LocationList from "./LocationList";
import type { LocationCard, LocationListProps } from "./props";

const rowsSchema = z.array(z.object({ data: z.string() }));

export function directionsUrl(location: Pick<Location, "address">): string {
  return `https://www.google.com/maps/search/?api=1&query=${location.address.lat},${location.address.long}`;
}

/** Where a closed weekend day's 'Enquire Now' link goes. */
const ENQUIRE_PATH = "/contact";

export function toCard(location: Location, now: Date, labels: FragmentRequest["config"]["labels"]): LocationCard {
  const { street, city, state, postcode } = location.address;
  // The location's main department (empty means sales) decides which hours show.
  const department = location.location_type[0] ?? "sales";
  const today = hoursOn(location, department, now);
  return {
    id: location.id,
    name: location.name,
    slug: location.slug,
    address: { street, city, state, postcode },
    phone: location.contact_detail.phone,
    directionsUrl: directionsUrl(location),
    today: { hours: { text: today.text, href: null }, holiday: today.holiday },
    week: openingHoursRows(location.contact_detail.opening_hours, department, labels).map((row) => ({
      days: row.label,
      hours: { text: row.text, href: row.enquireLink ? ENQUIRE_PATH : null },
    })),
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
    .map((row) => locationSchema.parse(JSON.parse(row.data)));
  const visible = filterLocations(locations);
  if (slug && visible.length === 0) throw new FragmentNotFound(`No location ${slug}`);
  return {
    heading: slug && visible[0] ? visible[0].name : "Our locations",
    locations: visible.map((location) => toCard(location, now, request.config.labels)),
  };
}

export const locationListFragment: FragmentDefinition<LocationListProps, Env> = {
  load: (request, env) => loadLocationList(request, env),
  Component: LocationList,
};
