import type { LatLong } from "@dealer/shared/rules";

/**
 * A packaged, coarse Australian postcode table: ranges mapped to the centre of the city or region they
 * serve (first match wins, specific ranges first, then a state-wide fallback). Enough to sort dealerships by
 * distance without a network call; a real geocoder replaces it by configuration (geocoder.ts).
 */
const RANGES: Array<[from: number, to: number, lat: number, long: number]> = [
  // NT
  [800, 832, -12.46, 130.84], [870, 872, -23.7, 133.88], [800, 899, -12.46, 130.84],
  // NSW and ACT
  [1000, 2234, -33.87, 151.21], [2250, 2263, -33.43, 151.34], [2280, 2310, -32.93, 151.75], [2340, 2341, -31.09, 150.93],
  [2480, 2484, -28.81, 153.28], [2500, 2534, -34.42, 150.89], [2600, 2620, -35.28, 149.13], [2640, 2641, -36.08, 146.92],
  [2650, 2652, -35.12, 147.37], [2745, 2786, -33.75, 150.69], [2800, 2800, -33.28, 149.1], [2900, 2920, -35.28, 149.13],
  [2000, 2999, -32.25, 148.6],
  // VIC
  [3000, 3174, -37.81, 144.96], [3175, 3177, -37.98, 145.21], [3178, 3207, -37.85, 145.05], [3211, 3233, -38.15, 144.36],
  [3350, 3356, -37.56, 143.85], [3550, 3556, -36.76, 144.28], [3690, 3691, -36.12, 146.89], [3800, 3810, -38.03, 145.35],
  [3000, 3999, -37.0, 145.0], [8000, 8999, -37.81, 144.96],
  // QLD
  [4000, 4179, -27.47, 153.03], [4207, 4230, -28.02, 153.4], [4350, 4352, -27.56, 151.95], [4550, 4575, -26.65, 153.07],
  [4670, 4671, -24.87, 152.35], [4700, 4703, -23.38, 150.51], [4740, 4741, -21.14, 149.19], [4810, 4819, -19.26, 146.82],
  [4870, 4879, -16.92, 145.77], [4000, 4999, -25.5, 150.0], [9000, 9999, -27.47, 153.03],
  // SA
  [5000, 5199, -34.93, 138.6], [5000, 5999, -32.49, 137.77],
  // WA
  [6000, 6199, -31.95, 115.86], [6210, 6211, -32.53, 115.72], [6230, 6231, -33.33, 115.64], [6430, 6432, -30.75, 121.47],
  [6530, 6532, -28.78, 114.61], [6700, 6799, -20.31, 118.6], [6000, 6999, -31.95, 115.86],
  // TAS
  [7000, 7099, -42.88, 147.33], [7248, 7250, -41.43, 147.14], [7000, 7999, -42.0, 146.6],
];

/** Coordinates for a 4-digit Australian postcode, or null when no range holds it. */
export function postcodeCoordinates(postcode: string): LatLong | null {
  if (!/^\d{4}$/.test(postcode)) return null;
  const value = Number(postcode);
  const range = RANGES.find(([from, to]) => value >= from && value <= to);
  return range ? { lat: range[2], long: range[3] } : null;
}
