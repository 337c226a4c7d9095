import { createFragmentWorker } from "@dealer/shared/fragment-server";
import { SearchError } from "./engine";
import type { Env } from "./env";
import { searchResultsFragment } from "./fragments/search-results/load.server";
import { createStockIndex } from "./search-index/stock-index";
import { createSearchApi, type SearchApiDeps } from "./search-api";
import { createStockApi } from "./stock";

const INDEX_NAME = "Car_production";
const getIndex = createStockIndex(INDEX_NAME);

/** Algolia REST paths over the platform's stock; a site's key only ever sees that site. */
function searchApiDeps(env: Env): SearchApiDeps {
  return {
    getIndex: () => getIndex(env.DB),
    async resolveKey(_appId, apiKey) {
      const row = await env.DB.prepare("SELECT site, kind FROM api_keys WHERE key = ?").bind(apiKey).first<{ site: string; kind: string }>();
      return row ? { site: row.site, canWrite: row.kind === "write" } : null;
    },
    async applyBatch() {
      // The index mirrors D1; stock changes enter through the stock API so they are validated and versioned.
      throw new SearchError("Send stock changes to /api/stock/vehicles/batch; this index follows the platform's stock.", 400);
    },
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

const app = createFragmentWorker<Env>({
  remote: "mf-search",
  fragments: { SearchResults: searchResultsFragment(searchApiFor) },
});
app.all("/1/*", (c) => searchApiFor(c.env).fetch(c.req.raw));
app.route("/api/stock", createStockApi());

export default app;
