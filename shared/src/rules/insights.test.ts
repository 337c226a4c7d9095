import { describe, expect, it } from "vitest";
import {
  agedPast,
  comparableKey,
  daysInStock,
  fewPhotos,
  INSIGHT_LISTS,
  type InsightListName,
  type MarketBand,
  type MarketCar,
  median,
  NOT_ENOUGH_DATA,
  odometerBand,
  photoCount,
  type PricePosition,
  pricePositionInBand,
  pricePositionWords,
  yearBand,
} from "./insights";

const car = (price: number | null, over: Partial<MarketCar> = {}): MarketCar => ({ make: "Toyota", model: "Hilux", year: 2021, km: 30_000, price, ...over });

const priced = (price: number | null | undefined): price is number => typeof price === "number" && price > 0;

/** What market_bands keeps of the car's band of `network` (migration 0044), from the band's sorted asking prices. */
function bandOf(subject: MarketCar, network: readonly MarketCar[]): MarketBand | undefined {
  const key = comparableKey(subject);
  const sorted = network
    .filter((other) => key !== null && comparableKey(other) === key && priced(other.price))
    .map((other) => other.price as number)
    .sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const h = Math.floor((sorted.length - 1) / 2);
  return { n: sorted.length, below: sorted[h - 1] ?? null, middle: sorted[h] ?? null, above: sorted[h + 1] ?? null };
}

/** The car's position as the console takes it: its band, its own price left out when the network holds it. */
const pricePosition = (subject: MarketCar, network: readonly MarketCar[]): PricePosition =>
  pricePositionInBand(subject.price, bandOf(subject, network), priced(subject.price) && network.includes(subject));

/** ADR 0070's rule taken literally: the comparables' prices, the car's own left out once, their median. */
function reference(subject: MarketCar, network: readonly MarketCar[]): PricePosition {
  const key = comparableKey(subject);
  const prices = network.filter((other) => other !== subject && key !== null && comparableKey(other) === key && priced(other.price)).map((other) => other.price as number);
  if (prices.length < 5) return { kind: "not-enough-data", comparables: prices.length };
  if (!priced(subject.price)) return { kind: "no-price", comparables: prices.length };
  const middle = median(prices) as number;
  const difference = subject.price - middle;
  return { kind: "position", comparables: prices.length, median: middle, difference, percent: Math.round((difference / middle) * 1000) / 10, wellAbove: difference > middle * 0.1 };
}

describe("comparable cars", () => {
  it("share three-year model bands counted from 1900", () => {
    expect([2019, 2020, 2021, 2022, 2023].map(yearBand)).toEqual([2017, 2020, 2020, 2020, 2023]);
  });
  it("share odometer bands; a missing or negative reading has none", () => {
    expect([0, 19_999, 20_000, 49_999, 50_000, 99_999, 100_000, 150_000, 199_999, 200_000, 900_000].map(odometerBand)).toEqual([
      0, 0, 20_000, 20_000, 50_000, 50_000, 100_000, 150_000, 150_000, 200_000, 200_000,
    ]);
    expect(odometerBand(null)).toBeNull();
    expect(odometerBand(-1)).toBeNull();
  });
  it("match make and model without case or outer spaces", () => {
    expect(comparableKey(car(1, { make: " TOYOTA", model: "hilux " }))).toBe(comparableKey(car(1)));
    expect(comparableKey(car(1, { model: "HiAce" }))).not.toBe(comparableKey(car(1)));
    expect(comparableKey(car(1, { year: 2023 }))).not.toBe(comparableKey(car(1)));
    expect(comparableKey(car(1, { km: 60_000 }))).not.toBe(comparableKey(car(1)));
    expect(comparableKey(car(1, { km: null }))).toBeNull();
  });
});

describe("price position", () => {
  it("is the median of the other comparables, the car left out", () => {
    const network = [car(40_000), car(41_000), car(42_000), car(43_000), car(44_000), car(45_000), car(50_000)];
    const position = pricePosition(network[6] as MarketCar, network);
    // Without the car itself: 40, 41, 42, 43, 44, 45 -> (42 + 43) / 2.
    expect(position).toEqual({ kind: "position", comparables: 6, median: 42_500, difference: 7_500, percent: 17.6, wellAbove: true });
    expect(pricePositionWords(position)).toBe("+17.6% against the market median");
  });
  it("needs five comparables, else not enough data", () => {
    const four = [car(40_000), car(41_000), car(42_000), car(43_000), car(44_000)];
    const position = pricePosition(four[4] as MarketCar, four);
    expect(position).toEqual({ kind: "not-enough-data", comparables: 4 });
    expect(pricePositionWords(position)).toBe(NOT_ENOUGH_DATA);
  });
  it("leaves out other bands, unpriced cars and cars without a reading", () => {
    const network = [car(40_000), car(40_000), car(40_000), car(40_000), car(0), car(null), car(40_000, { km: 80_000 }), car(40_000, { year: 2017 }), car(40_000, { km: null })];
    expect(pricePosition(car(44_000), network)).toEqual({ kind: "not-enough-data", comparables: 4 });
  });
  it("says a car without an asking price has none, and counts 10 % over as not yet well above", () => {
    const network = [car(40_000), car(40_000), car(40_000), car(40_000), car(40_000)];
    const market = network;
    expect(pricePosition(car(null), market)).toEqual({ kind: "no-price", comparables: 5 });
    expect(pricePosition(car(44_000), market)).toMatchObject({ percent: 10, wellAbove: false });
    expect(pricePosition(car(44_001), market)).toMatchObject({ wellAbove: true });
    expect(pricePositionWords(pricePosition(car(36_000), market))).toBe("-10% against the market median");
  });
  it("answers only a median and a count", () => {
    const network = [car(40_000), car(41_000), car(42_000), car(43_000), car(44_000)];
    expect(Object.keys(pricePosition(car(39_000), network)).sort()).toEqual(["comparables", "difference", "kind", "median", "percent", "wellAbove"]);
  });
  it("from a band's count and three middle prices is the median of every comparable, for any band and any price in it", () => {
    // A seeded generator: the same bands on every run; ties, odd and even bands, the car at every place in its band.
    let seed = 31;
    const next = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % below;
    };
    for (let round = 0; round < 400; round++) {
      const network = Array.from({ length: 1 + next(14) }, () => car(next(5) === 0 ? null : 30_000 + next(8) * 1_000));
      for (const subject of network) expect(pricePosition(subject, network), JSON.stringify(network.map((other) => other.price))).toEqual(reference(subject, network));
      const outsider = car(30_000 + next(8) * 1_000);
      expect(pricePosition(outsider, network)).toEqual(reference(outsider, network));
    }
  });
  it("median of an even and odd count, and of none", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});

describe("stock age and photos", () => {
  const now = new Date("2026-11-28T06:00:00Z");
  it("counts whole days to now, or to the sale", () => {
    expect(daysInStock("2026-09-28T07:00:00Z", null, now)).toBe(60);
    expect(daysInStock("2026-09-01T00:00:00Z", "2026-09-11T12:00:00Z", now)).toBe(10);
    expect(daysInStock("not a date", null, now)).toBeNull();
    expect(daysInStock("2026-12-01T00:00:00Z", null, now)).toBe(0);
  });
  it("is aged past 60 and past 90 days", () => {
    expect([null, 60, 61, 90, 91].map(agedPast)).toEqual([null, null, 60, 60, 90]);
  });
  it("has few photos under 10", () => {
    expect(photoCount({ images: new Array(9).fill({}), photos_count: 3 })).toBe(9);
    expect(photoCount({ images: [], photos_count: 12 })).toBe(12);
    expect([9, 10].map(fewPhotos)).toEqual([true, false]);
  });
});

describe("the lists a dealer acts on", () => {
  const base = { days: 10, views: 0, leads: 0, position: { kind: "not-enough-data", comparables: 0 } as const, photos: 20 };
  const on = (car: typeof base | Record<string, unknown>) =>
    (Object.keys(INSIGHT_LISTS) as InsightListName[]).filter((name) => INSIGHT_LISTS[name].includes({ ...base, ...car }));
  it("puts each car on the lists it belongs to", () => {
    expect(on({})).toEqual([]);
    expect(on({ days: 61 })).toEqual(["aged60"]);
    expect(on({ days: 91 })).toEqual(["aged60", "aged90"]);
    expect(on({ views: 3 })).toEqual(["viewedNotEnquired"]);
    expect(on({ views: 3, leads: 1 })).toEqual([]);
    expect(on({ photos: 9 })).toEqual(["fewPhotos"]);
    expect(on({ position: { kind: "position", comparables: 5, median: 1, difference: 1, percent: 100, wellAbove: true } })).toEqual(["wellAbove"]);
  });
});
