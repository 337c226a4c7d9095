/**
 * How a car is selling (issue 31, goal 4; ADR 0070): its price against the network's market, its age in stock and
 * its photos. Pure: the console reads the records, these rules decide.
 */

/** Comparable cars share a model-year band of this many years, counted from 1900: 2017-2019, 2020-2022, 2023-2025. */
export const YEAR_BAND_YEARS = 3;
/** Odometer bands' lower edges in km: 0-19,999, 20,000-49,999, 50,000-99,999, 100,000-149,999, 150,000-199,999, 200,000+. */
export const ODOMETER_BAND_EDGES = [0, 20_000, 50_000, 100_000, 150_000, 200_000] as const;
/** Fewer comparables than this and the median says too little: "not enough data". */
export const MIN_COMPARABLES = 5;
/** A price more than this fraction above the market median is "well above market". */
export const WELL_ABOVE_MARKET = 0.1;
/** Stock older than these many days is aged. */
export const AGED_DAYS = [60, 90] as const;
/** A listing with fewer photos than this is thin. */
export const FEW_PHOTOS = 10;
export const NOT_ENOUGH_DATA = "Not enough data";

/** The first year of a car's year band: 2020, 2021 and 2022 -> 2020. */
export const yearBand = (year: number): number => year - ((((year - 1900) % YEAR_BAND_YEARS) + YEAR_BAND_YEARS) % YEAR_BAND_YEARS);

/** The lower edge of a car's odometer band; a missing or negative reading is no band. */
export function odometerBand(km: number | null | undefined): number | null {
  if (typeof km !== "number" || !Number.isFinite(km) || km < 0) return null;
  return ODOMETER_BAND_EDGES.reduce<number>((band, edge) => (km >= edge ? edge : band), 0);
}

export type MarketCar = { make: string; model: string; year: number; km: number | null | undefined; price: number | null | undefined };

/** The key comparable cars share (make and model compared without case or outer spaces); null when it has none. */
export function comparableKey(car: Pick<MarketCar, "make" | "model" | "year" | "km">): string | null {
  const km = odometerBand(car.km);
  const make = car.make.trim().toLowerCase();
  const model = car.model.trim().toLowerCase();
  if (km === null || !make || !model || !Number.isInteger(car.year)) return null;
  return `${make}\u0000${model}\u0000${yearBand(car.year)}\u0000${km}`;
}

/** An asking price the market counts: a positive, finite amount (0 or none is "price on application"). */
const askingPrice = (price: number | null | undefined): price is number => typeof price === "number" && Number.isFinite(price) && price > 0;

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * A car's price position. Only the market's median and the count of comparables leave this rule: never another
 * dealer's car or price.
 */
export type PricePosition =
  | { kind: "not-enough-data"; comparables: number }
  | { kind: "no-price"; comparables: number }
  | { kind: "position"; comparables: number; median: number; difference: number; percent: number; wellAbove: boolean };

/**
 * What the console keeps of a comparable band (ADR 0077, migration 0044's market_bands): how many asking prices it has
 * and the three around its middle, at 0-based positions h - 1, h and h + 1 of the sorted prices, h = floor((n - 1) / 2).
 * That is all any car's median needs, its own price left out or not; never a car or a dealer.
 */
export type MarketBand = { n: number; below: number | null; middle: number | null; above: number | null };

/**
 * The car's price against the median of its comparables: `band` is its band (the network's cars in stock with an asking
 * price, see comparableKey), `own` says the car's own asking price is one of the band's and is left out once, so a car
 * is never its own market. Only the median and the count leave this rule: never another dealer's car or price.
 */
export function pricePositionInBand(price: number | null | undefined, band: MarketBand | undefined, own: boolean): PricePosition {
  const comparables = band ? band.n - (own ? 1 : 0) : 0;
  if (!band || comparables < MIN_COMPARABLES) return { kind: "not-enough-data", comparables };
  if (!askingPrice(price)) return { kind: "no-price", comparables };
  const { below, middle: mid, above } = band as { below: number; middle: number; above: number };
  // The i-th of the band's prices without the car's: below the car's price a position keeps its price, from it on the
  // next one (the band sorted, the car's the first of its price).
  const at = (value: number, next: number) => (own && value >= price ? next : value);
  const middle = comparables % 2 ? at(mid, above) : own ? (at(below, mid) + at(mid, above)) / 2 : (mid + above) / 2;
  const difference = price - middle;
  const percent = Math.round((difference / middle) * 1000) / 10;
  return { kind: "position", comparables, median: middle, difference, percent, wellAbove: difference > middle * WELL_ABOVE_MARKET };
}

const DAY_MS = 86_400_000;

/** Whole days a car has been in stock: from its listing to its sale, or to now if unsold; an unreadable date is null. */
export function daysInStock(listedAt: string, soldAt: string | null | undefined, now: Date): number | null {
  const from = Date.parse(listedAt);
  const to = soldAt ? Date.parse(soldAt) : now.getTime();
  if (!Number.isFinite(from) || !Number.isFinite(to)) return null;
  return Math.max(0, Math.floor((to - from) / DAY_MS));
}

/** The highest aged mark a car has passed (60 or 90 days), or null when it is not aged. */
export function agedPast(days: number | null): (typeof AGED_DAYS)[number] | null {
  if (days === null) return null;
  return [...AGED_DAYS].reverse().find((mark) => days > mark) ?? null;
}

/** A car's photos: its image list, or the feed's count when the list is not carried. */
export const photoCount = (car: { images?: readonly unknown[] | null; photos_count?: number | null }): number =>
  Math.max(car.images?.length ?? 0, car.photos_count ?? 0);

export const fewPhotos = (count: number): boolean => count < FEW_PHOTOS;

/** Words for a price position, as the console and its CSV show it. */
export function pricePositionWords(position: PricePosition): string {
  if (position.kind === "not-enough-data") return NOT_ENOUGH_DATA;
  if (position.kind === "no-price") return "No asking price";
  const sign = position.percent > 0 ? "+" : "";
  return `${sign}${position.percent}% against the market median`;
}

/** What the console knows of a car over a period, as the lists below read it. */
export type CarInsight = { days: number | null; views: number; leads: number; position: PricePosition; photos: number };

/** The lists a dealer acts on; a car over 90 days is on both aged lists. */
export const INSIGHT_LISTS = {
  aged60: { title: "In stock over 60 days", includes: (car: CarInsight) => car.days !== null && car.days > AGED_DAYS[0] },
  aged90: { title: "In stock over 90 days", includes: (car: CarInsight) => car.days !== null && car.days > AGED_DAYS[1] },
  viewedNotEnquired: { title: "Viewed but no enquiry", includes: (car: CarInsight) => car.views > 0 && car.leads === 0 },
  wellAbove: {
    title: `Priced over ${WELL_ABOVE_MARKET * 100}% above the market`,
    includes: (car: CarInsight) => car.position.kind === "position" && car.position.wellAbove,
  },
  fewPhotos: { title: `Fewer than ${FEW_PHOTOS} photos`, includes: (car: CarInsight) => fewPhotos(car.photos) },
} as const;
export type InsightListName = keyof typeof INSIGHT_LISTS;
