import { waitUntil } from "cloudflare:workers";
import { createFragmentWorker } from "@dealer/shared/fragment-server";
import type { FragmentRequest } from "@dealer/shared/fragment";
import { cronOnDemand } from "@dealer/shared/dev-faults";
import { bodyLimit, stockDataVersion } from "@dealer/shared/http";
import { MEDIA_LIMITS, PHOTO_LIMITS, PHOTO_REASONS } from "@dealer/shared/media";
import type { Env } from "./env";
import { directorySearchFragment } from "./fragments/directory/directory.server";
import { manufacturerSearchFragment } from "./fragments/manufacturers/manufacturer.server";
import { searchResultsFragment } from "./fragments/search-results/load.server";
import { featuredStockFragment } from "./fragments/vehicle-row/featured-stock.server";
import { similarVehiclesFragment } from "./fragments/vehicle-row/similar-vehicles.server";
import { consumePhotos, PHOTO_QUEUE_NAME } from "./stock/photos/photo-consumer";
import { prunePhotoCopies } from "./stock/photos/photo-prune";
import { pruneFeedBatches } from "./stock/photos/photo-store";
import { searchBackendOf } from "./search-backend/backend";
import { consumeDeadPushes, consumeSearchPushes, SEARCH_PUSH_DEAD_LETTERS } from "./search-backend/push-consumer";
import { stockChangeNotifier } from "./search-backend/push-messages";
import { pushedSiteStock, type SearchedStock } from "./search-backend/pushed-stock";
import { reconcileSites } from "./search-backend/reconcile";
import { createSearchSyncApi } from "./search-backend/search-sync-api";
import { createDirectoryIndex, DIRECTORY_INDEX } from "./search-index/directory-index";
import { createManufacturerIndex, MANUFACTURER_INDEX } from "./search-index/manufacturer-index";
import { createRelatedCarsRoute } from "./related-cars/related-cars-route";
import { pruneStockChanges } from "./search-index/site-stock";
import { createStockIndexes, indexBudgetBytes, keySite, type StockIndexes } from "./search-index/stock-index";
import { createSearchApi, type SearchApiDeps } from "./search-api";
import { createStockWrites } from "./search-api-writes";
import { createSiteSearchRoute } from "./site-search/site-search-route";
import { createStockApi } from "./stock";
import { abortStaleVideoUploads } from "./stock/video-uploads";
import { carsWriterAsRead } from "./stock/stock-store";

const INDEX_NAME = "Car_production";
/** The hourly cron in wrangler.jsonc that prunes the change log; the other one reconciles Algolia. */
const PRUNE_CRON = "17 * * * *";
/** The read-only data sets besides stock: the directory (every site's, small) and each site's manufacturers. */
const directoryIndex = createDirectoryIndex();
const manufacturerIndex = createManufacturerIndex();

/** The vehicle indexes of the sites this isolate serves, one registry per isolate env (env is stable for an isolate's lifetime). */
const stockIndexes = new WeakMap<Env, StockIndexes>();
function stockIndexesFor(env: Env): StockIndexes {
  let indexes = stockIndexes.get(env);
  if (!indexes) {
    indexes = createStockIndexes({ db: env.DB, indexName: INDEX_NAME, budgetBytes: indexBudgetBytes(env.SEARCH_INDEX_BUDGET_MB), waitUntil });
    stockIndexes.set(env, indexes);
  }
  return indexes;
}

/** Algolia REST paths over the platform's stock, directory and manufacturers; a site's key only ever sees that site, writes go to D1 stock. */
function searchApiDeps(env: Env): SearchApiDeps {
  return {
    // Any other name is the stock index or one of its replicas (the stock index refuses an unknown one by name).
    async getIndex(indexName, access) {
      if (indexName === DIRECTORY_INDEX) return { index: await directoryIndex(env.DB) };
      if (indexName === MANUFACTURER_INDEX) return { index: await manufacturerIndex(env.DB, keySite(access, indexName)) };
      return stockIndexesFor(env).target(access);
    },
    ...createStockWrites({ db: env.DB, indexName: INDEX_NAME, changed: stockChangeNotifier(env) }),
  };
}

/** One search API per isolate env (env is stable for an isolate's lifetime). */
const searchApis = new WeakMap<Env, ReturnType<typeof createSearchApi>>();
function searchApiFor(env: Env) {
  let api = searchApis.get(env);
  if (!api) {
    api = createSearchApi(searchApiDeps(env));
    searchApis.set(env, api);
  }
  return { fetch: (request: Request) => api.fetch(request), queries: api.queries };
}

/**
 * The version of a site's stock the searches answer from (`stock`: a kept search view is keyed by it, its cards'
 * photos included), and what the fragments name to the gateway (`data`, which the gateway may keep their markup
 * under until it changes): the site's listing version as of that stock, so photos settling keep the kept searches
 * (ADR 0123). The isolate's index of the site, or with Algolia how far the push has got (ADR 0035; the embedded index
 * is then never built).
 */
async function searchedStock(env: Env, site: string): Promise<SearchedStock> {
  if (searchBackendOf(env).kind === "algolia") return pushedSiteStock(env.DB, site);
  const { version, listing } = await stockIndexesFor(env).sites.get(site);
  return { stock: stockDataVersion(site, version), data: stockDataVersion(site, listing) };
}
const siteStockVersion = async (env: Env, site: string) => (await searchedStock(env, site)).stock;
const stockData = async (request: FragmentRequest, env: Env) => (await searchedStock(env, request.site.slug)).data;

const app = createFragmentWorker<Env>({
  remote: "mf-search",
  fragments: {
    SearchResults: { ...searchResultsFragment(searchApiFor, siteStockVersion), dataVersion: stockData },
    SimilarVehicles: { ...similarVehiclesFragment(), dataVersion: stockData },
    FeaturedStock: { ...featuredStockFragment(searchApiFor), dataVersion: stockData },
    DirectorySearch: directorySearchFragment(searchApiFor),
    ManufacturerSearch: manufacturerSearchFragment(searchApiFor),
  },
});
/**
 * Body limits before anything reads a body (ADR 0012): a search query is a few KB; a stock batch of a
 * dealer's whole yard (thousands of cars of a few KB each) stays well under 5 MB. Larger is refused with 413.
 */
const QUERY_BODY_LIMIT = 256 * 1024;
const STOCK_BODY_LIMIT = 5 * 1024 * 1024;
app.use("/1/indexes/:index/batch", bodyLimit(STOCK_BODY_LIMIT));
app.use("/1/*", async (c, next) => (c.req.path.endsWith("/batch") ? next() : bodyLimit(QUERY_BODY_LIMIT)(c, next)));
/** A car's photos, spin frames, interior panorama and video by upload (ADR 0075, 0080, 0102) take up to PHOTO_LIMITS.maxUploadRequestBytes a request; every other stock call 5 MB. */
const UPLOAD_PATH = /^\/api\/stock\/vehicles\/[^/]+\/(photos|spin|interior|video)$/;
const uploadLimit = bodyLimit(PHOTO_LIMITS.maxUploadRequestBytes, undefined, PHOTO_REASONS.uploadTooLarge);
const stockLimit = bodyLimit(STOCK_BODY_LIMIT);
/** A part of a video sent in parts (ADR 0084) is at most MEDIA_LIMITS.videoPartBytes. */
const VIDEO_PART_PATH = /^\/api\/stock\/vehicles\/[^/]+\/video\/uploads\/[^/]+\/parts\/[^/]+$/;
const partLimit = bodyLimit(MEDIA_LIMITS.videoPartBytes, undefined, `A part is at most ${MEDIA_LIMITS.videoPartBytes} bytes (part_bytes).`);
app.use("/api/stock/*", (c, next) => (UPLOAD_PATH.test(c.req.path) ? uploadLimit(c, next) : VIDEO_PART_PATH.test(c.req.path) ? partLimit(c, next) : stockLimit(c, next)));
app.get("/__scheduled", (c) => cronOnDemand(c.env, c.req.query("cron") ?? "", runCron));
app.all("/1/*", (c) => searchApiFor(c.env).fetch(c.req.raw));
app.route("/api/stock/search-sync", createSearchSyncApi());
app.route("/api/stock", createStockApi());
app.route("/", createSiteSearchRoute(searchApiFor));
app.route("/", createRelatedCarsRoute(searchApiFor));

export default {
  fetch: app.fetch,
  /** The Algolia push (ADR 0035): stock changes, and their dead letters; a dealer's photo URLs to fetch (ADR 0067). */
  async queue(batch: MessageBatch<unknown>, env: Env) {
    if (batch.queue === PHOTO_QUEUE_NAME) await consumePhotos(batch, env, carsWriterAsRead);
    else if (batch.queue === SEARCH_PUSH_DEAD_LETTERS) await consumeDeadPushes(batch, env);
    else await consumeSearchPushes(batch, env);
  },
  /**
   * Crons: with Algolia, every site's pushed version and record count against D1, drift queued for repair; hourly,
   * change log entries older than the log keeps (an index that old reloads its site), feed reports past what a
   * site keeps (ADR 0071), photo copies no car shows (ADR 0080) and video uploads never completed (ADR 0084).
   */
  scheduled: (controller: ScheduledController, env: Env) => runCron(controller.cron, env),
};

async function runCron(cron: string, env: Env): Promise<void> {
  if (cron === PRUNE_CRON) {
    const now = new Date();
    await pruneStockChanges(env.DB, now);
    await pruneFeedBatches(env.DB, now);
    await prunePhotoCopies(env, now);
    await abortStaleVideoUploads(env, now);
  } else await reconcileSites(env);
}
