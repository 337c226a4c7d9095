import type { Car } from "@dealer/shared/contract";
import type { Algoliasearch } from "algoliasearch";
import { type IndexSettings, toSearchRecord, vehicleIndexSettings } from "../engine";
import { MAX_BATCH_SIZE } from "../stock";

/** Cars to push with one client: one per dealership write key on the platform, the whole site on Algolia. */
export interface SyncPush {
  client: Algoliasearch;
  cars: Car[];
}

export interface SyncSummary {
  records: number;
  /** The primary index and each replica that got its settings. */
  indices: string[];
}

/** Algolia's default ranking with the replica's sort first: a standard (exhaustive) sort replica. */
export function replicaSettings(settings: IndexSettings, replica: string): Record<string, unknown> {
  const sort = /:([^:]+):(asc|desc)$/.exec(replica);
  if (!sort) throw new Error(`Replica ${replica} is not named {index}:{attribute}:{asc|desc}`);
  const { replicas: _replicas, ...inherited } = settings;
  return { ...inherited, ranking: [`${sort[2]}(${sort[1]})`, "typo", "geo", "words", "filters", "proximity", "attribute", "exact", "custom"] };
}

/** The vehicle index's settings under another name (ALGOLIA_INDEX): its sort replicas are named after it. */
export function vehicleSettingsFor(indexName: string): IndexSettings {
  return { ...vehicleIndexSettings, replicas: vehicleIndexSettings.replicas.map((replica) => replica.replace(/^[^:]+/, indexName)) };
}

/**
 * Settings first (Algolia creates the replicas from them), then each replica's sort, waiting for every task. Returns
 * the indices that got settings (`stock:sync -- --settings` pushes just these).
 */
export async function pushSettings(client: Algoliasearch, indexName: string, settings: IndexSettings = vehicleSettingsFor(indexName)): Promise<string[]> {
  const targets: [string, Record<string, unknown>][] = [
    [indexName, settings],
    ...settings.replicas.map((replica): [string, Record<string, unknown>] => [replica, replicaSettings(settings, replica)]),
  ];
  for (const [name, indexSettings] of targets) {
    const { taskID } = await client.setSettings({ indexName: name, indexSettings });
    await client.waitForTask({ indexName: name, taskID });
  }
  return targets.map(([name]) => name);
}

/**
 * Pushes a site's stock as search records (saveObjects, so a record that did not change leaves the
 * platform's stock version alone) and the index settings with its sort replicas.
 * Batches stay within the platform's stock batch limit.
 */
export async function syncStock(pushes: SyncPush[], options: { indexName: string; settings?: IndexSettings }): Promise<SyncSummary> {
  const [first] = pushes;
  if (!first) throw new Error("Nothing to push with: no client");
  const indices = await pushSettings(first.client, options.indexName, options.settings);
  let records = 0;
  for (const { client, cars } of pushes) {
    if (cars.length === 0) continue;
    await client.saveObjects({ indexName: options.indexName, objects: cars.map((car) => toSearchRecord(car)), batchSize: MAX_BATCH_SIZE, waitForTasks: true });
    records += cars.length;
  }
  return { records, indices };
}

/** The platform takes a dealership's cars only with that dealership's write key. */
export function pushesPerDealership(cars: Car[], writeKeys: ReadonlyMap<number, string>, clientFor: (key: string) => Algoliasearch): SyncPush[] {
  const byKey = new Map<string, Car[]>();
  for (const car of cars) {
    const key = writeKeys.get(car.dealership_id);
    if (!key) throw new Error(`No write key for dealership ${car.dealership_slug} (id ${car.dealership_id})`);
    const list = byKey.get(key) ?? [];
    list.push(car);
    byKey.set(key, list);
  }
  // Settings need a write key even when the site has no stock yet.
  const [anyKey] = writeKeys.values();
  if (byKey.size === 0 && anyKey) byKey.set(anyKey, []);
  return [...byKey].map(([key, list]) => ({ client: clientFor(key), cars: list }));
}
