import type { DemoDealershipDef } from "./sites";

export type DeliveryRegionRow = { dealership_id: number; region: string; postcode_from: number; postcode_to: number; price: number };

type State = "QLD" | "NSW" | "ACT" | "VIC" | "SA" | "WA";

/** Australia Post ranges: each state's capital (metro) and the state as a whole. Tasmania and the NT are not served. */
const AREAS: { state: State; metro: { name: string; from: number; to: number } | null; from: number; to: number }[] = [
  { state: "QLD", metro: { name: "Brisbane metro", from: 4000, to: 4207 }, from: 4000, to: 4999 },
  { state: "NSW", metro: { name: "Sydney metro", from: 2000, to: 2234 }, from: 2000, to: 2999 },
  { state: "ACT", metro: null, from: 2600, to: 2618 },
  { state: "VIC", metro: { name: "Melbourne metro", from: 3000, to: 3207 }, from: 3000, to: 3999 },
  { state: "SA", metro: { name: "Adelaide metro", from: 5000, to: 5199 }, from: 5000, to: 5799 },
  { state: "WA", metro: { name: "Perth metro", from: 6000, to: 6199 }, from: 6000, to: 6797 },
];

/** Demo prices: cheapest to the dealership's own capital, dearest interstate and regional. */
const PRICES = { homeMetro: 149, homeRegional: 449, awayMetro: 899, awayRegional: 1290 };

/** The delivery price table of one demo dealership, priced from the state of its first location. */
export function demoDeliveryRegions(dealership: DemoDealershipDef): DeliveryRegionRow[] {
  const home = dealership.locations[0]?.state;
  return AREAS.flatMap((area) => {
    const own = area.state === home;
    const rows: DeliveryRegionRow[] = [
      { dealership_id: dealership.id, region: `Regional ${area.state}`, postcode_from: area.from, postcode_to: area.to, price: own ? PRICES.homeRegional : PRICES.awayRegional },
    ];
    if (area.metro) {
      rows.push({ dealership_id: dealership.id, region: area.metro.name, postcode_from: area.metro.from, postcode_to: area.metro.to, price: own ? PRICES.homeMetro : PRICES.awayMetro });
    }
    return rows;
  });
}
