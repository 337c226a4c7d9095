/**
 * Pushes a site's stock to a search index with the algoliasearch client: records, settings and sort replicas.
 *   npm run stock:sync -- --site SLUG [--app-id ID --api-key KEY] [--host localhost:8787]
 *   npm run stock:sync -- --settings     the index's settings and sort replicas only, to the configured Algolia
 * Algolia is the platform's own setting (docs/search-backends.md): SEARCH_BACKEND=algolia, ALGOLIA_APP_ID,
 * ALGOLIA_WRITE_KEY, optional ALGOLIA_HOSTS and ALGOLIA_INDEX in this process's environment; --app-id and --api-key
 * name another application. Without Algolia it points the same client at the platform's own engine ({site}.localhost
 * on --host) and pushes each dealership's cars with that dealership's write key; pushing unchanged stock changes nothing.
 * The stock is read from the local D1 database (wrangler d1 execute), the platform's source of truth. With Algolia
 * the platform itself keeps the index up to date (the push queue, ADR 0035): --site is then a manual full push.
 */
import { parseArgs } from "node:util";
import { type Car, carSchema } from "@dealer/shared/contract";
import { readSearchBackend } from "@dealer/shared/search-backend";
import { algoliasearch } from "algoliasearch";
import { demoWriteKey } from "../../db/demo/generate";
import { query } from "../d1";
import { platformRequester } from "./platform-requester";
import { pushesPerDealership, pushSettings, type SyncPush, syncStock } from "../../mf-search/src/sync/sync-stock";

const PLATFORM_APP_ID = "DEALERPLATFORM";
const USAGE =
  "Usage: npm run stock:sync -- --site SLUG [--app-id ID --api-key KEY] [--host localhost:8787] [--index Car_production]\n       npm run stock:sync -- --settings [--app-id ID --api-key KEY] [--index Car_production]";

function readStock(site: string): Car[] {
  return query<{ data: string }>(`SELECT data FROM vehicles WHERE site = '${site}' ORDER BY id`).map((row) => carSchema.parse(JSON.parse(row.data)));
}

function stockVersion(site: string): number {
  return query<{ version: number }>(`SELECT version FROM stock_versions WHERE site = '${site}'`)[0]?.version ?? 0;
}

function platformPushes(site: string, address: string, cars: Car[]): SyncPush[] {
  // Keys are stored as hashes (ADR 0043): this local command acts with the demo's write keys.
  const keys = query<{ dealership_id: number; slug: string }>(`SELECT id AS dealership_id, slug FROM dealerships WHERE site = '${site}' ORDER BY id`).map((row) => ({
    dealership_id: row.dealership_id,
    key: demoWriteKey(row.slug),
  }));
  if (keys.length === 0) throw new Error(`Site ${site} has no dealership write key`);
  const port = address.split(":")[1] ?? "80";
  const clientFor = (key: string) =>
    algoliasearch(PLATFORM_APP_ID, key, {
      hosts: [{ url: `${site}.localhost:${port}`, protocol: "http", accept: "readWrite" }],
      requester: platformRequester(address),
    });
  return pushesPerDealership(cars, new Map(keys.map((row) => [row.dealership_id, row.key])), clientFor);
}

/** The Algolia application to push to: --app-id/--api-key, else the platform's setting in the environment; null for the platform's own engine. */
function algoliaTarget(appId: string | undefined, apiKey: string | undefined, index: string | undefined) {
  if (appId && apiKey) return { client: algoliasearch(appId, apiKey), appId, indexName: index ?? "Car_production" };
  const backend = readSearchBackend(process.env);
  if (backend.kind !== "algolia") return null;
  if (!backend.writeKey) throw new Error("SEARCH_BACKEND=algolia: set ALGOLIA_WRITE_KEY (a key with editSettings and addObject) to push");
  return { client: algoliasearch(backend.appId, backend.writeKey, { hosts: backend.hosts }), appId: backend.appId, indexName: index ?? backend.indexName };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      site: { type: "string" },
      settings: { type: "boolean", default: false },
      "app-id": { type: "string" },
      "api-key": { type: "string" },
      host: { type: "string", default: `localhost:${process.env.PLATFORM_PORT ?? "8787"}` },
      index: { type: "string" },
    },
  });
  const { site, settings, "app-id": appId, "api-key": apiKey, host, index } = values;
  if (Boolean(appId) !== Boolean(apiKey) || (settings ? Boolean(site) : !site || !/^[a-z0-9-]+$/.test(site))) {
    console.error(USAGE);
    return 2;
  }
  const algolia = algoliaTarget(appId, apiKey, index);
  const started = Date.now();
  if (settings) {
    if (!algolia) {
      console.error("Search runs on the embedded engine, which keeps its own settings: set SEARCH_BACKEND=algolia and ALGOLIA_* (or --app-id/--api-key) to push them to Algolia.");
      return 2;
    }
    const indices = await pushSettings(algolia.client, algolia.indexName);
    console.log(`Settings of ${indices.join(", ")} pushed to Algolia app ${algolia.appId} in ${Date.now() - started} ms`);
    return 0;
  }
  const slug = site!;
  const cars = readStock(slug);
  const before = algolia ? 0 : stockVersion(slug);
  const pushes = algolia ? [{ client: algolia.client, cars }] : platformPushes(slug, host!, cars);
  const summary = await syncStock(pushes, { indexName: algolia?.indexName ?? index ?? "Car_production" });
  const target = algolia ? `Algolia app ${algolia.appId}` : `the platform at ${host} (${pushes.length} dealership key(s))`;
  console.log(`${slug}: ${summary.records} records and settings of ${summary.indices.join(", ")} pushed to ${target} in ${Date.now() - started} ms`);
  if (!algolia) {
    const after = stockVersion(slug);
    console.log(`${slug}: stock version ${before} -> ${after}${after === before ? " (unchanged)" : ""}`);
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
