import type { Location } from "../contract/location";

export const EARTH_RADIUS_KM = 6371;

export type LocationFilterKind = "sales" | "service" | "parts" | "service-and-parts" | "all";
export type LocationFilter = {
  kind?: LocationFilterKind;
  manufacturer?: string | null;
  subtype?: string | null;
  includeIds?: readonly number[];
  excludeIds?: readonly number[];
};

type FilterableLocation = Pick<Location, "id" | "location_type" | "location_subtype" | "manufacturers" | "visible">;

/** An empty location_type means sales. */
const typesOf = (location: FilterableLocation) => (location.location_type.length ? location.location_type : ["sales"]);

function matchesKind(location: FilterableLocation, kind: LocationFilterKind): boolean {
  const types = typesOf(location);
  if (kind === "all") return true;
  if (kind === "service-and-parts") return types.includes("service") || types.includes("parts");
  return types.includes(kind);
}

export type Department = "sales" | "service" | "parts";

/**
 * The department whose hours a location's card shows: the one it is listed for (parts on a parts list;
 * service, else parts, on a service-and-parts list), else its main department.
 */
export function listedDepartment(location: Pick<Location, "location_type">, kind: LocationFilterKind): Department {
  const types: readonly Department[] = location.location_type.length ? location.location_type : ["sales"];
  if (kind === "sales" || kind === "service" || kind === "parts") return kind;
  if (kind === "service-and-parts") return types.includes("service") ? "service" : "parts";
  return types[0] ?? "sales";
}

/** Visible locations by type, narrowed by manufacturer, subtype and an include or exclude list of ids. */
export function filterLocations<T extends FilterableLocation>(locations: readonly T[], filter: LocationFilter = {}): T[] {
  const manufacturer = filter.manufacturer?.trim().toLowerCase();
  return locations.filter(
    (location) =>
      location.visible &&
      matchesKind(location, filter.kind ?? "all") &&
      (!manufacturer || location.manufacturers.some((m) => m.trim().toLowerCase() === manufacturer)) &&
      (!filter.subtype || location.location_subtype.includes(filter.subtype)) &&
      (!filter.includeIds?.length || filter.includeIds.includes(location.id)) &&
      !filter.excludeIds?.includes(location.id),
  );
}

/** The primary location, else the first. */
export function primaryLocation<T extends Pick<Location, "primary">>(locations: readonly T[]): T | null {
  return locations.find((location) => location.primary) ?? locations[0] ?? null;
}

export type LatLong = { lat: number; long: number };

/** Great-circle (haversine) distance in km on a sphere of radius 6371 km. */
export function distanceKm(a: LatLong, b: LatLong): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLong = rad(b.long - a.long);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLong / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Locations nearest first. */
export function byDistance<T extends { address: LatLong }>(locations: readonly T[], from: LatLong): T[] {
  return [...locations].sort((x, y) => distanceKm(from, x.address) - distanceKm(from, y.address));
}

/** Licence and repairer numbers appear on cards only when the dealer's flag is on. */
export function licenceNumbers(location: Pick<Location, "dealer_license_number" | "motor_vehicle_repairer">, show: boolean): string[] {
  if (!show) return [];
  return [location.dealer_license_number, location.motor_vehicle_repairer].filter((n): n is string => Boolean(n?.trim()));
}

/**
 * Grid columns on a wide screen by the number of locations (the spec's count rules): exactly 6 -> 3 per row
 * (two even rows), over 3 -> 4 per row, 3 -> 3, under 3 -> one column per location.
 */
export function locationGridColumns(count: number): number {
  if (count === 6) return 3;
  if (count > 3) return 4;
  return Math.max(1, count);
}

export type LocationLayout = "single" | "grid" | "carousel";

/** One location is a card with map and details; several dealerships' locations a carousel; else a grid. */
export function locationLayout(locations: ReadonlyArray<Pick<Location, "dealership_id">>): LocationLayout {
  if (locations.length <= 1) return "single";
  return new Set(locations.map((location) => location.dealership_id)).size > 1 ? "carousel" : "grid";
}
