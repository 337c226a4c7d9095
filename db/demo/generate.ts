import type { KeyToStore } from "../keys/hashed-key-sql";
import type { CarInput, Dealership, DirectoryOffer, Location, Site } from "@dealer/shared/contract";
import { demoSiteContent, type SiteContentRow } from "./content";
import { assertIsoDate } from "./dates";
import { type DeliveryRegionRow, demoDeliveryRegions } from "./delivery";
import { demoDirectoryOffers } from "./directory";
import { buildLocation } from "./locations";
import { keepInteriorWithSpin, localDemoPhotoOrigin } from "./media";
import { createRng } from "./prng";
import { DEMO_SITES, type DemoDealershipDef, type DemoSiteDef } from "./sites";
import { buildVehicle } from "./vehicles";


export interface DemoData {
  sites: Site[];
  dealerships: Dealership[];
  locations: Location[];
  vehicles: CarInput[];
  /** Stored as hashes (db/keys); the demo's keys are guessable on purpose, a real site's are random. */
  apiKeys: KeyToStore[];
  /** Pages, blog posts, reviews, brand tiles, slides and statistics per site. */
  content: SiteContentRow[];
  /** Each dealership's delivery price table (delivery cost calculator). */
  deliveryRegions: DeliveryRegionRow[];
  /** Each dealership's service and parts offers (the directory search, ADR 0026). */
  directoryOffers: DirectoryOffer[];
}

/** A dealership's stock write key (local demo only: `npm run site` issues random ones, ADR 0043). */
export const demoWriteKey = (dealershipSlug: string) => `write-${dealershipSlug}`;
/** The local operator key (`npm run site` uses it against localhost); a deployment issues a random one. */
export const DEMO_OPERATOR_KEY = "operator-local-demo";

const FIRST_VEHICLE_ID = 100_001;

function dealershipVehicles(site: DemoSiteDef, dealership: DemoDealershipDef, locations: Location[], day: { today: string; photoOrigin: string }, firstId: number): CarInput[] {
  const ctx = {
    site,
    dealership,
    salesLocations: locations.filter((l) => l.location_type.includes("sales")),
    ...day,
    rng: createRng(`${site.slug}/${dealership.slug}/vehicles`),
  };
  return Array.from({ length: dealership.vehicleCount }, (_, index) => buildVehicle(ctx, firstId + index, index));
}

/** A dealership's locations; seeded by its own name, so they come out the same whoever asks. */
export function dealershipLocations(site: DemoSiteDef, dealership: DemoDealershipDef, today: string): Location[] {
  const rng = createRng(`${site.slug}/${dealership.slug}/locations`);
  return dealership.locations.map((def, index) => buildLocation(dealership, def, index, today, rng));
}

/** Everything of one site but its stock: the site, its dealerships and locations, API keys, content, delivery and directory rows. */
export function siteRecords(site: DemoSiteDef, today: string): DemoData {
  assertIsoDate(today);
  const data: DemoData = { sites: [], dealerships: [], locations: [], vehicles: [], apiKeys: [], content: [], deliveryRegions: [], directoryOffers: [] };
  data.sites.push({ slug: site.slug, name: site.name, template: site.template, domains: site.domains, config: site.config });
  data.content.push(...demoSiteContent(site, today));
  for (const dealership of site.dealerships) {
    data.dealerships.push({ id: dealership.id, slug: dealership.slug, name: dealership.name, site: site.slug, finance_provider: site.financeProvider });
    data.locations.push(...dealershipLocations(site, dealership, today));
    data.deliveryRegions.push(...demoDeliveryRegions(dealership));
    data.directoryOffers.push(...demoDirectoryOffers(site, dealership));
    data.apiKeys.push({ key: demoWriteKey(dealership.slug), site: site.slug, dealership_id: dealership.id, scopes: "stock:write leads:read", name: "demo write key" });
  }
  return data;
}

/** Several sites' records as one data set. */
export function mergeSiteRecords(parts: DemoData[]): DemoData {
  return {
    sites: parts.flatMap((part) => part.sites),
    dealerships: parts.flatMap((part) => part.dealerships),
    locations: parts.flatMap((part) => part.locations),
    vehicles: parts.flatMap((part) => part.vehicles),
    apiKeys: parts.flatMap((part) => part.apiKeys),
    content: parts.flatMap((part) => part.content),
    deliveryRegions: parts.flatMap((part) => part.deliveryRegions),
    directoryOffers: parts.flatMap((part) => part.directoryOffers),
  };
}

/**
 * The demo sites with their dealerships, locations, stock and API keys. Pure: the same `today`
 * (YYYY-MM-DD) gives identical data; dates such as "sold in the last 3 days" are relative to it.
 */
export function generateDemoData(options: { today: string; photoOrigin?: string }): DemoData {
  const { today, photoOrigin = localDemoPhotoOrigin() } = options;
  let nextVehicleId = FIRST_VEHICLE_ID;
  const data = mergeSiteRecords(
    DEMO_SITES.map((site) => {
      const records = siteRecords(site, today);
      for (const dealership of site.dealerships) {
        records.vehicles.push(...dealershipVehicles(site, dealership, dealershipLocations(site, dealership, today), { today, photoOrigin }, nextVehicleId));
        nextVehicleId += dealership.vehicleCount;
      }
      return records;
    }),
  );
  keepInteriorWithSpin(data.vehicles);
  data.apiKeys.push({ key: DEMO_OPERATOR_KEY, site: null, dealership_id: null, scopes: "operator", name: "local operator key" });
  return data;
}
