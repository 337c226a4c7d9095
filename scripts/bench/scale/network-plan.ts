import type { FinanceProvider } from "@dealer/shared/config";
import { CATALOGUES, type CatalogueKey } from "../../../db/demo/catalogue";
import { createRng, type Rng } from "../../../db/demo/prng";
import type { AuState, DemoDealershipDef, DemoLocationDef, DemoSiteDef } from "../../../db/demo/sites";
import { slugify } from "@dealer/shared/rules";

/**
 * The bench's dealer network beside the demo sites: sizes follow a power law (Zipf) over the sites, solved so the
 * largest holds the share asked for, which gives a few large dealer groups and a long tail of small dealers. A
 * dealership's `vehicleCount` is its stock at the plan's full size; smaller sizes fill every dealership in proportion.
 */
export type NetworkPlan = { sites: DemoSiteDef[]; total: number };

/** A dealership of a group carries at most this many cars: a 25,000-car group is ten dealerships. */
const DEALERSHIP_SIZE = 2500;
const MAX_DEALERSHIPS = 12;
/** Synthetic ids start above the demo's, so both live in one database. */
const FIRST_DEALERSHIP_ID = 1000;

/** The exponent s for which the largest of `sites` weights r^-s holds `share` of the sum (bisection: the share grows with s). */
export function zipfExponent(sites: number, share: number): number {
  const largestShare = (s: number) => 1 / Array.from({ length: sites }, (_, r) => (r + 1) ** -s).reduce((a, b) => a + b, 0);
  let low = 0;
  let high = 4;
  for (let i = 0; i < 60; i++) {
    const mid = (low + high) / 2;
    if (largestShare(mid) < share) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/** `total` split over ranked sites by power-law weights, rounded so the parts add up exactly (largest remainder). */
export function siteSizes(sites: number, total: number, largest: number): number[] {
  const s = zipfExponent(sites, largest / total);
  const weights = Array.from({ length: sites }, (_, r) => (r + 1) ** -s);
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (w / sum) * total);
  const sizes = exact.map(Math.floor);
  const order = exact.map((value, rank) => ({ rank, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest);
  const missing = total - sizes.reduce((a, b) => a + b, 0);
  for (let i = 0; i < missing; i++) sizes[order[i]!.rank]! += 1;
  return sizes;
}

/**
 * How many of each dealership's planned cars exist when the planned network holds `vehicles` in all: every count
 * is the rounded running total, so the counts add up to `vehicles` exactly and never shrink as `vehicles` grows.
 */
export function countsAt(plan: NetworkPlan, vehicles: number): Map<number, number> {
  const fraction = Math.min(1, Math.max(0, vehicles / plan.total));
  const counts = new Map<number, number>();
  let planned = 0;
  let placed = 0;
  for (const dealership of plan.sites.flatMap((site) => site.dealerships)) {
    planned += dealership.vehicleCount;
    const upTo = Math.round(planned * fraction);
    counts.set(dealership.id, upTo - placed);
    placed = upTo;
  }
  return counts;
}

const CITIES: [city: string, state: AuState, postcode: string, lat: number, long: number, area: string][] = [
  ["Brisbane", "QLD", "4000", -27.4698, 153.0251, "07"],
  ["Gold Coast", "QLD", "4217", -28.0167, 153.4, "07"],
  ["Townsville", "QLD", "4810", -19.259, 146.8169, "07"],
  ["Sydney", "NSW", "2000", -33.8688, 151.2093, "02"],
  ["Newcastle", "NSW", "2300", -32.9283, 151.7817, "02"],
  ["Wollongong", "NSW", "2500", -34.4278, 150.8931, "02"],
  ["Melbourne", "VIC", "3000", -37.8136, 144.9631, "03"],
  ["Geelong", "VIC", "3220", -38.1499, 144.3617, "03"],
  ["Ballarat", "VIC", "3350", -37.5622, 143.8503, "03"],
  ["Perth", "WA", "6000", -31.9505, 115.8605, "08"],
  ["Bunbury", "WA", "6230", -33.3271, 115.6414, "08"],
  ["Adelaide", "SA", "5000", -34.9285, 138.6007, "08"],
  ["Mount Gambier", "SA", "5290", -37.8284, 140.7804, "08"],
];
const NAMES = ["Northside", "Southern", "Bayside", "Hills", "Valley", "Coastline", "Riverside", "Parkway", "Westgate", "Eastern", "Highway", "Central"];
const GROUPS = ["Hartley", "Morgan", "Bennett", "Sullivan", "Prescott", "Lawson", "Fraser", "Kingston", "Whitfield", "Carver"];
const STREETS = ["Main Road", "Highway", "Parade", "Street", "Boulevard", "Drive"];
const PROVIDERS: FinanceProvider[] = ["taurus", "finance360", "carclarity", "angle", "powertorque", "ausloans"];
const TEMPLATE_BY_CATALOGUE = { cars: "car-dealer", motorcycles: "motorcycle", trucks: "truck", caravans: "caravan" } as const;

/** Most dealers sell cars; the large groups always do. */
function pickCatalogue(rank: number, rng: Rng): CatalogueKey {
  const roll = rng.next();
  if (rank <= 5 || roll < 0.8) return "cars";
  return roll < 0.87 ? "motorcycles" : roll < 0.94 ? "trucks" : "caravans";
}

/** A dealership's yards in one city: the first sells and services, the others sell (every dealership has a sales yard). */
function locationDefs(dealershipName: string, count: number, rng: Rng): DemoLocationDef[] {
  const [city, state, postcode, lat, long, area] = rng.pick(CITIES);
  return Array.from({ length: count }, (_, i) => ({
    name: i === 0 ? dealershipName : `${dealershipName} Branch ${i + 1}`,
    departments: i === 0 ? ["sales", "service", "parts"] : ["sales"],
    street: `${rng.int(1, 999)} ${rng.pick(NAMES)} ${rng.pick(STREETS)}`,
    city,
    state,
    postcode,
    lat: lat + rng.int(-300, 300) / 10_000,
    long: long + rng.int(-300, 300) / 10_000,
    phone: `${area} ${rng.int(3000, 9999)} ${rng.int(1000, 9999)}`,
    sundayTrading: rng.chance(0.3),
  }));
}

/** `sites` dealer sites holding `total` vehicles at full size, the largest `largest`; the same options give the same plan. */
export function planNetwork(options: { sites: number; total: number; largest: number }): NetworkPlan {
  const rng = createRng(`bench-network/${options.sites}/${options.total}/${options.largest}`);
  let nextDealershipId = FIRST_DEALERSHIP_ID;
  const sites = siteSizes(options.sites, options.total, options.largest).map((size, index): DemoSiteDef => {
    const rank = index + 1;
    const catalogue = pickCatalogue(rank, rng);
    const makes = [...new Set(CATALOGUES[catalogue].map((spec) => spec.make))].filter((make) => make !== "Holden");
    const dealerships = Math.min(MAX_DEALERSHIPS, Math.max(1, Math.ceil(size / DEALERSHIP_SIZE)));
    const usedOnly = catalogue === "cars" && dealerships === 1 && rng.chance(0.2);
    const name = dealerships > 1 ? `${GROUPS[(rank - 1) % GROUPS.length]} Auto Group` : `${rng.pick(NAMES)} ${usedOnly ? "Used Cars" : rng.pick(makes)}`;
    const slug = `${slugify(name)}-${rank}`;
    const financeProvider = rng.pick(PROVIDERS);
    return {
      slug,
      name,
      template: dealerships > 1 ? "dealer-group" : usedOnly ? "used-only" : TEMPLATE_BY_CATALOGUE[catalogue],
      domains: [],
      catalogue,
      financeProvider,
      config: { theme: { logoText: name }, finance: { provider: financeProvider }, ...(usedOnly ? { search: { usedOnly: true } } : {}) },
      dealerships: Array.from({ length: dealerships }, (_, d): DemoDealershipDef => {
        const id = nextDealershipId++;
        const make = rng.pick(makes);
        const vehicleCount = Math.floor(size / dealerships) + (d < size % dealerships ? 1 : 0);
        // A group's dealerships are numbered: two may sell the same make.
        const dealershipName = dealerships > 1 ? `${name.replace(" Auto Group", "")} ${make} ${d + 1}` : name;
        const locations = vehicleCount > 1500 ? 3 : vehicleCount > 300 ? 2 : 1;
        return {
          id,
          slug: slugify(dealerships > 1 ? `${slug} ${make} ${d + 1}` : slug),
          name: dealershipName,
          stockPrefix: `B${id}-`,
          vehicleCount,
          franchiseMakes: usedOnly ? [] : [make],
          mix: usedOnly ? { new: 0, demo: 0, used: 1 } : { new: 0.35, demo: 0.12, used: 0.53 },
          certifiedShare: 0.2,
          locations: locationDefs(dealershipName, locations, rng),
        };
      }),
    };
  });
  return { sites, total: options.total };
}
