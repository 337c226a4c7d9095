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

/** A model of the site's range (spec §2.2 /models?body=, /{model-slug}/accessories): its make, name and path slug. */
export type RangeModel = { make: string; model: string; slug: string };

/** 'Make Model' pairs (the make_model facet) as models, A to Z by make then model; a pair of no known make is skipped. */
export function rangeModels(makeModels: readonly string[], makes: readonly string[]): RangeModel[] {
  // The longest make first, so 'Land Rover Defender' is not read as make 'Land'.
  const byLength = [...makes].sort((a, b) => b.length - a.length);
  return makeModels
    .flatMap((pair) => {
      const make = byLength.find((name) => pair.startsWith(`${name} `));
      const model = make ? pair.slice(make.length + 1).trim() : "";
      return make && model ? [{ make, model, slug: pathSegment(model) }] : [];
    })
    .sort((a, b) => a.make.localeCompare(b.make) || a.model.localeCompare(b.model));
}

/** The body a ?body= value names, as the stock spells it ('suv', 'SUV' and 'Light Truck' all match); null for none. */
export function bodyFromQuery(bodies: readonly string[], value: string | undefined): string | null {
  const wanted = pathSegment(value ?? "");
  return (wanted && bodies.find((body) => pathSegment(body) === wanted)) || null;
}

/** The model a /{model-slug}/accessories path names; null when the site stocks none of that name. */
export function modelBySlug(models: readonly RangeModel[], slug: string): RangeModel | null {
  return models.find((entry) => entry.slug === slug) ?? null;
}

/** A model's accessories page. */
export const modelAccessoriesPath = (model: Pick<RangeModel, "slug">): string => `/${model.slug}/accessories`;
