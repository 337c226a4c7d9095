import { createFragmentWorker } from "@dealer/shared/fragment-server";
import { bodyLimit, stockDataVersion } from "@dealer/shared/http";
import type { Env } from "./env";
import { directorySearchFragment } from "./fragments/directory/directory.server";
import { manufacturerSearchFragment } from "./fragments/manufacturers/manufacturer.server";
import { searchResultsFragment } from "./fragments/search-results/load.server";
import { featuredStockFragment } from "./fragments/vehicle-row/featured-stock.server";
import { similarVehiclesFragment } from "./fragments/vehicle-row/similar-vehicles.server";
import { searchBackendOf } from "./search-backend/backend";
import { consumeDeadPushes, consumeSearchPushes, SEARCH_PUSH_DEAD_LETTERS } from "./search-backend/push-consumer";
import { stockChangeNotifier } from "./search-backend/push-messages";
import { pushedStock } from "./search-backend/pushed-stock";
import { reconcileSites } from "./search-backend/reconcile";
import { createSearchSyncApi } from "./search-backend/search-sync-api";
import { indexVersion } from "./search-index/d1-index";
import { createDirectoryIndex, DIRECTORY_INDEX } from "./search-index/directory-index";
import { createManufacturerIndex, MANUFACTURER_INDEX } from "./search-index/manufacturer-index";
import { createStockIndex } from "./search-index/stock-index";
import { createSearchApi, type SearchApiDeps } from "./search-api";
import { createStockWrites } from "./search-api-writes";
import { createStockApi } from "./stock";

const INDEX_NAME = "Car_production";
const getIndex = createStockIndex(INDEX_NAME);
/** The read-only data sets besides stock, by index name (any other name is the stock index or one of its replicas). */
const otherIndices: Record<string, ReturnType<typeof createDirectoryIndex>> = {
  [DIRECTORY_INDEX]: createDirectoryIndex(),
  [MANUFACTURER_INDEX]: createManufacturerIndex(),
};

/** Algolia REST paths over the platform's stock, directory and manufacturers; a site's key only ever sees that site, writes go to D1 stock. */
function searchApiDeps(env: Env): SearchApiDeps {
  return {
    getIndex: (indexName) => (Object.hasOwn(otherIndices, indexName) ? otherIndices[indexName]!(env.DB) : getIndex(env.DB)),
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
  return { fetch: (request: Request) => api.fetch(request) };
}

const onAlgolia = (env: Env) => searchBackendOf(env).kind === "algolia";
/**
 * The stock the searches see: the isolate's index (a new object whenever any stock changes, checked at most once a
 * second), or with Algolia a token of what the push has sent (ADR 0035); the embedded stock index is then never built.
 */
const stockIndex = async (env: Env): Promise<object> => (onAlgolia(env) ? (await pushedStock(env.DB)).token : getIndex(env.DB));
/** The same stock as the fragments name it to the gateway, which may keep their markup until it changes. */
const stockData = async (env: Env) => (onAlgolia(env) ? (await pushedStock(env.DB)).data : stockDataVersion(indexVersion(await getIndex(env.DB))));

const app = createFragmentWorker<Env>({
  remote: "mf-search",
  fragments: {
    SearchResults: { ...searchResultsFragment(searchApiFor, stockIndex), dataVersion: stockData },
    SimilarVehicles: { ...similarVehiclesFragment(searchApiFor), dataVersion: stockData },
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
app.use("/api/stock/*", bodyLimit(STOCK_BODY_LIMIT));
app.all("/1/*", (c) => searchApiFor(c.env).fetch(c.req.raw));
app.route("/api/stock/search-sync", createSearchSyncApi());
app.route("/api/stock", createStockApi());

export default {
  fetch: app.fetch,
  /** The Algolia push (ADR 0035): stock changes, and their dead letters. */
  async queue(batch: MessageBatch<unknown>, env: Env) {
    if (batch.queue === SEARCH_PUSH_DEAD_LETTERS) await consumeDeadPushes(batch, env);
    else await consumeSearchPushes(batch, env);
  },
  /** Cron: with Algolia, every site's pushed version and record count against D1, drift queued for repair. */
  async scheduled(_controller: ScheduledController, env: Env) {
    await reconcileSites(env);
  },
};
