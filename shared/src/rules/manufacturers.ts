import type { BrandTile } from "../contract/brand";
import type { SiteConfig } from "../config/site-config";
import { pathSegment, searchLandingPath } from "./search-paths";

/** The brands page tiles: the site's own list, else one tile per make it stocks (in the order given). */
export function brandTilesFrom(own: readonly BrandTile[], stockedMakes: readonly string[]): BrandTile[] {
  if (own.length) return [...own];
  return [...new Set(stockedMakes.filter(Boolean))].map((make) => ({ title: make, slug: pathSegment(make) }));
}

/** A manufacturer search entry (spec §3: manufacturer.name, model.name, model.body): a brand, or one of its models. */
export type ManufacturerEntryLink = {
  manufacturer: { name: string };
  model: { name: string } | null;
  /** A brand tile's own target (its overview, or the page a tile without one names); null for a make with no tile. */
  brand_path: string | null;
};

/** Where an entry leads: a model to its search landing path, a brand to its tile's page, else to the make's landing path. */
export function manufacturerEntryPath(entry: ManufacturerEntryLink, search: Pick<SiteConfig["search"], "landingBase">): string {
  if (entry.model) return searchLandingPath({ make: entry.manufacturer.name, model: entry.model.name }, search);
  return entry.brand_path ?? searchLandingPath({ make: entry.manufacturer.name }, search);
}
