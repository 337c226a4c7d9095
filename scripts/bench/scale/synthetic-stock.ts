import type { CarInput, Location } from "@dealer/shared/contract";
import { dealershipLocations, mergeSiteRecords, siteRecords } from "../../../db/demo/generate";
import { createRng } from "../../../db/demo/prng";
import { demoSeedSql } from "../../../db/demo/seed-sql";
import type { DemoDealershipDef, DemoSiteDef } from "../../../db/demo/sites";
import { localDemoPhotoOrigin } from "../../../db/demo/media";
import { buildVehicle } from "../../../db/demo/vehicles";
import { MAX_BATCH_SIZE } from "../../../mf-search/src/stock/validate-batch";
import type { NetworkPlan } from "./network-plan";

/**
 * The SQL that creates the plan's sites as the demo's are created (there is no site-creation API yet): site,
 * dealerships, locations, search and write keys, content pages, delivery regions and directory offers.
 */
export function networkSeedSql(plan: NetworkPlan, today: string): string {
  return demoSeedSql(mergeSiteRecords(plan.sites.map((site) => siteRecords(site, today))), `${today}T00:00:00.000Z`);
}

/** Ids far above the demo's (100,001 on): each dealership numbers its own cars from dealership id x 100,000. */
const vehicleId = (dealership: DemoDealershipDef, index: number) => dealership.id * 100_000 + index;

/**
 * A dealership's cars `from` to `to` (exclusive) as stock batches, generated a batch at a time by the demo's own
 * vehicle builder. Each car is seeded by its own index, so growing a dealership from 200 to 900 cars makes cars
 * 200-899 without making the first 200 again.
 */
export function* vehicleBatches(site: DemoSiteDef, dealership: DemoDealershipDef, from: number, to: number, today: string): Generator<CarInput[]> {
  const locations: Location[] = dealershipLocations(site, dealership, today);
  const salesLocations = locations.filter((l) => l.location_type.includes("sales"));
  for (let start = from; start < to; start += MAX_BATCH_SIZE) {
    const batch: CarInput[] = [];
    for (let index = start; index < Math.min(to, start + MAX_BATCH_SIZE); index++) {
      const rng = createRng(`${site.slug}/${dealership.slug}/vehicles/${index}`);
      batch.push(buildVehicle({ site, dealership, salesLocations, today, photoOrigin: localDemoPhotoOrigin(), rng }, vehicleId(dealership, index), index));
    }
    yield batch;
  }
}
