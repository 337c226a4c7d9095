/**
 * Pushes a site's stock to a search index with the algoliasearch client: records, settings and sort replicas.
 *   npm run stock:sync -- --site SLUG [--app-id ID --api-key KEY] [--host localhost:8787]
 * With Algolia credentials (options or ALGOLIA_APP_ID / ALGOLIA_API_KEY) it talks to Algolia's hosts.
 * Without them it points the same client at the platform's own engine ({site}.localhost on --host) and
 * pushes each dealership's cars with that dealership's write key; pushing unchanged stock changes nothing.
 * The stock is read from the local D1 database (wrangler d1 execute), the platform's source of truth.
 */
import { parseArgs } from "node:util";
import { type Car, carSchema } from "@dealer/shared/contract";
import { algoliasearch } from "algoliasearch";
import { query } from "../d1";
import { platformRequester } from "./platform-requester";
import { pushesPerDealership, type SyncPush, syncStock } from "../../mf-search/src/sync/sync-stock";

const PLATFORM_APP_ID = "DEALERPLATFORM";
const USAGE = "Usage: npm run stock:sync -- --site SLUG [--app-id ID --api-key KEY] [--host localhost:8787] [--index Car_production]";

function readStock(site: string): Car[] {
  return query<{ data: string }>(`SELECT data FROM vehicles WHERE site = '${site}' ORDER BY id`).map((row) => carSchema.parse(JSON.parse(row.data)));
}

function stockVersion(site: string): number {
  return query<{ version: number }>(`SELECT version FROM stock_versions WHERE site = '${site}'`)[0]?.version ?? 0;
}

function platformPushes(site: string, address: string, cars: Car[]): SyncPush[] {
  const keys = query<{ dealership_id: number; key: string }>(
    `SELECT dealership_id, key FROM api_keys WHERE site = '${site}' AND kind = 'write' AND dealership_id IS NOT NULL ORDER BY dealership_id`,
  );
  if (keys.length === 0) throw new Error(`Site ${site} has no dealership write key`);
  const port = address.split(":")[1] ?? "80";
  const clientFor = (key: string) =>
    algoliasearch(PLATFORM_APP_ID, key, {
      hosts: [{ url: `${site}.localhost:${port}`, protocol: "http", accept: "readWrite" }],
      requester: platformRequester(address),
    });
  return pushesPerDealership(cars, new Map(keys.map((row) => [row.dealership_id, row.key])), clientFor);
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      site: { type: "string" },
      "app-id": { type: "string", default: process.env.ALGOLIA_APP_ID },
      "api-key": { type: "string", default: process.env.ALGOLIA_API_KEY },
      host: { type: "string", default: "localhost:8787" },
      index: { type: "string", default: "Car_production" },
    },
  });
  const { site, "app-id": appId, "api-key": apiKey, host, index } = values;
  if (!site || !/^[a-z0-9-]+$/.test(site) || Boolean(appId) !== Boolean(apiKey)) {
    console.error(USAGE);
    return 2;
  }
  const cars = readStock(site);
  const toAlgolia = Boolean(appId && apiKey);
  const before = toAlgolia ? 0 : stockVersion(site);
  const pushes = toAlgolia ? [{ client: algoliasearch(appId!, apiKey!), cars }] : platformPushes(site, host!, cars);
  const started = Date.now();
  const summary = await syncStock(pushes, { indexName: index! });
  const target = toAlgolia ? `Algolia app ${appId}` : `the platform at ${host} (${pushes.length} dealership key(s))`;
  console.log(`${site}: ${summary.records} records and settings of ${summary.indices.join(", ")} pushed to ${target} in ${Date.now() - started} ms`);
  if (!toAlgolia) {
    const after = stockVersion(site);
    console.log(`${site}: stock version ${before} -> ${after}${after === before ? " (unchanged)" : ""}`);
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    // The client's "unreachable hosts" text speaks of Algolia application ids; the usual cause here is a stopped platform.
    if (error instanceof Error && error.name === "RetryError") console.error("No search host answered: for the platform, is it running at --host (npm start)?");
    process.exit(1);
  },
);
