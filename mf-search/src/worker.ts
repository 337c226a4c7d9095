import { createFragmentWorker } from "@dealer/shared/fragment-server";
import { type Context, Hono } from "hono";
import { search, SearchError } from "./engine";
import type { Env } from "./env";
import { searchResultsFragment } from "./fragments/search-results/load.server";
import { createStockIndex } from "./search-index/stock-index";
import { createStockApi } from "./stock";

const INDEX_NAME = "Car_production";
const getIndex = createStockIndex(INDEX_NAME);

/** Algolia REST paths over the platform's stock; a public key only ever sees its own site. */
const searchApi = new Hono<{ Bindings: Env }>();

type QueryRequest = { indexName: string; params?: unknown } & Record<string, unknown>;

async function answer(c: Context<{ Bindings: Env }>, requests: QueryRequest[], single: boolean) {
  const apiKey = c.req.header("x-algolia-api-key") ?? c.req.query("x-algolia-api-key") ?? "";
  const key = await c.env.DB.prepare("SELECT site FROM api_keys WHERE key = ? AND kind = 'search'").bind(apiKey).first<{ site: string }>();
  if (!key) return c.json({ message: "Invalid Application-ID or API key", status: 403 }, 403);
  const index = await getIndex(c.env.DB);
  try {
    // Clients send either Algolia's url-encoded `params` string or the parameters inline.
    const results = requests.map(({ indexName, params, ...inline }) =>
      search(index, indexName, params ?? inline, { securedFilters: `site:"${key.site}"` }),
    );
    return c.json(single ? results[0] : { results });
  } catch (error) {
    if (error instanceof SearchError) return c.json(error.toJSON(), error.status);
    throw error;
  }
}

searchApi.post("/1/indexes/*/queries", async (c) => {
  const body = (await c.req.json().catch(() => null)) as { requests?: QueryRequest[] } | null;
  if (!Array.isArray(body?.requests)) return c.json({ message: "requests is required", status: 400 }, 400);
  return answer(c, body.requests, false);
});
searchApi.post("/1/indexes/:index/query", async (c) => {
  const params: unknown = await c.req.json().catch(() => ({}));
  return answer(c, [{ indexName: decodeURIComponent(c.req.param("index")), params }], true);
});

const app = createFragmentWorker<Env>({
  remote: "mf-search",
  fragments: { SearchResults: searchResultsFragment((env) => ({ fetch: (request) => searchApi.fetch(request, env) })) },
});
app.route("/", searchApi);
app.route("/api/stock", createStockApi());

export default app;
