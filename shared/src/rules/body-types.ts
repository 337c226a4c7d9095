import type { SiteConfig } from "../config/site-config";

export const BODY_TYPES = [
  "4x4", "bus", "cabChassis", "convertible", "coupe", "ev", "hardtop", "hatch", "hatchback", "motorhome",
  "lightTruck", "peopleMover", "prestige", "sedan", "softtop", "suv", "ute", "van", "wagon", "stationWagon",
] as const;
export type BodyType = (typeof BODY_TYPES)[number];

/** A recognised body type for a body name; 'truck' maps to lightTruck, or to ute on some sites. */
export function bodyType(name: string, search: Pick<SiteConfig["search"], "truckBodyMapsTo">): BodyType | null {
  const key = name.trim().toLowerCase().replace(/[\s_-]+/g, "");
  if (key === "truck") return search.truckBodyMapsTo;
  return BODY_TYPES.find((type) => type.toLowerCase() === key) ?? null;
}
