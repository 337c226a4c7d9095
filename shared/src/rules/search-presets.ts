import type { SiteConfig } from "../config/site-config";
import { searchVisibilityFilter } from "./availability";

/**
 * The numbered search presets a site's config may name (spec §9: "a numbered preset (0 to 14)"). Each is a base
 * filter over the site's stock, ANDed with every search on the server so the address cannot remove it (ADR 0025).
 * The numbers are stable: a site's config stores only the number, so an entry is never renumbered or reused.
 */
export interface SearchPreset {
  id: number;
  /** What a dealer picks in the site settings. */
  label: string;
  /** Engine filter syntax; null for no condition. */
  filter: string | null;
}

const NEW_OR_DEMO = "(car_type:new OR car_type:demo)";

export const SEARCH_PRESETS: readonly SearchPreset[] = [
  { id: 0, label: "All stock", filter: null },
  { id: 1, label: "Used only", filter: "car_type:used" },
  { id: 2, label: "New only", filter: "car_type:new" },
  { id: 3, label: "Certified used", filter: "car_type:used AND certified:true" },
  { id: 4, label: "New and demo", filter: NEW_OR_DEMO },
  { id: 5, label: "Demo only", filter: "car_type:demo" },
  { id: 6, label: "In stock now (no coming soon or recently sold)", filter: "status:in_stock" },
  { id: 7, label: "Used, in stock now", filter: "car_type:used AND status:in_stock" },
  { id: 8, label: "New and demo, in stock now", filter: `${NEW_OR_DEMO} AND status:in_stock` },
  { id: 9, label: "Cars only", filter: "item_type:car" },
  { id: 10, label: "Motorcycles only", filter: "item_type:motorcycle" },
  { id: 11, label: "Trucks only", filter: "item_type:truck" },
  { id: 12, label: "Caravans only", filter: "item_type:caravan" },
  { id: 13, label: "Priced stock only (no 'price on application')", filter: "price > 0" },
  { id: 14, label: "Used under 100,000 km", filter: "car_type:used AND km <= 100000" },
];

/** The base filter of a site's preset, or null when it has none (no preset, or preset 0). */
export function searchPresetFilter(preset: number | null): string | null {
  if (preset === null) return null;
  const entry = SEARCH_PRESETS[preset];
  if (!entry) throw new RangeError(`Unknown search preset ${preset}`);
  return entry.filter;
}

/** A value quoted for the engine's filter syntax. */
export const quotedFilterValue = (value: string) => `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;

/**
 * Site-wide conditions of every stock search from config: the sold window, the numbered preset, used-only,
 * certified-only, excluded stock and makes (the search page, similar and featured vehicles, and the tests that
 * compute what a page lists).
 */
export function siteSearchFilters(config: { search: Pick<SiteConfig["search"], "soldWindowDays" | "preset" | "usedOnly" | "certifiedOnly" | "excludedStockNumbers" | "excludedMakes"> }, now: Date): string[] {
  const { search } = config;
  const filters = [searchVisibilityFilter(now, search.soldWindowDays)];
  const preset = searchPresetFilter(search.preset);
  if (preset) filters.push(preset);
  if (search.usedOnly) filters.push("car_type:used");
  if (search.certifiedOnly) filters.push("certified:true");
  for (const stocknum of search.excludedStockNumbers) filters.push(`NOT stocknum:${quotedFilterValue(stocknum)}`);
  for (const make of search.excludedMakes) filters.push(`NOT make:${quotedFilterValue(make)}`);
  return filters;
}
