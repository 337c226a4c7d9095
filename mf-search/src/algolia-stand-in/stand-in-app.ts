import { type Context, Hono } from "hono";
import { search, SearchError } from "../engine";
import { type BatchOperation, createSearchApi, type KeyAccess, type SearchApiDeps } from "../search-api";
import { keyAccess, requireWrite, securedFilterFor } from "../search-api/credentials";
import { jsonObjectSchema } from "../search-api/schemas";
import { checkSecuredKey } from "./secured-key-check";
import { createStandInStore } from "./stand-in-store";

export type StandInConfig = {
  appId: string;
  /** The parent search-only key: searches with it, and secured keys made from it. */
  searchKey: string;
  /** The admin key: writes, settings, browse. */
  writeKey: string;
  now?: () => number;
};

/** Browse pages in the stand-in reach this far into an index (the engine's pagination limit at its widest). */
const BROWSE_LIMIT = 20_000;

/**
 * An Algolia application on this machine (ADR 0035): the embedded engine's REST API over records held in memory, with
 * Algolia's keys: an admin key that writes, a search-only key, and secured keys made from that one, checked as Algolia
 * checks them (HMAC, validUntil, embedded filters that a query cannot lift; a bad or expired key is 403).
 */
export function createStandIn(config: StandInConfig) {
  const now = config.now ?? Date.now;
  const store = createStandInStore();
  /** Writes apply before answering: every task is published at once. */
  let lastTaskID = 0;

  async function resolveKey(appId: string, apiKey: string): Promise<KeyAccess | null> {
    if (appId !== config.appId) return null;
    if (apiKey === config.writeKey) return { site: null, canWrite: true };
    if (apiKey === config.searchKey) return { site: null, canWrite: false };
    const restrictions = await checkSecuredKey(config.searchKey, apiKey, Math.floor(now() / 1000));
    if (!restrictions) return null;
    return {
      site: null,
      canWrite: false,
      ...(restrictions.filters ? { filters: restrictions.filters } : {}),
      ...(restrictions.validUntil ? { validUntil: restrictions.validUntil * 1000 } : {}),
    };
  }

  const deps: SearchApiDeps = {
    getIndex: async (indexName) => ({ index: await store.getIndex(indexName) }),
    resolveKey,
    applyBatch: (indexName, operations) => store.applyBatch(indexName, operations),
    saveSettings: (indexName, settings) => store.saveSettings(indexName, settings),
  };

  const app = new Hono();
  app.onError((error, c) => {
    if (error instanceof SearchError) return c.json(error.toJSON(), error.status);
    console.error("[algolia-stand-in]", error);
    return c.json({ message: "Internal error", status: 500 }, 500);
  });
  app.get("/health", (c) => c.text("ok"));

  // Browse: every record matching the parameters, a page at a time behind a cursor (an offset here).
  app.post("/1/indexes/:index/browse", async (c) => {
    const access = await keyAccess(c, deps);
    requireWrite(access);
    const parsed = jsonObjectSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) throw new SearchError("Invalid JSON");
    const { cursor, hitsPerPage, ...params } = parsed.data;
    const offset = typeof cursor === "string" ? Number.parseInt(atob(cursor), 10) : 0;
    if (!Number.isInteger(offset) || offset < 0) throw new SearchError("Invalid cursor");
    const length = typeof hitsPerPage === "number" ? hitsPerPage : 1000;
    const indexName = c.req.param("index");
    const index = await store.getIndex(indexName);
    const page = search(index, indexName, { ...params, offset, length, paginationLimitedTo: BROWSE_LIMIT, attributesToHighlight: [] }, { securedFilters: securedFilterFor(access) });
    const next = offset + page.hits.length;
    return c.json({ ...page, ...(page.hits.length > 0 && next < Math.min(page.nbHits, BROWSE_LIMIT) ? { cursor: btoa(String(next)) } : {}) });
  });

  app.route("/", createSearchApi(deps));

  // One record at a time (after the search API's routes, so /query, /settings … keep theirs): the write key only.
  const objectRoute = "/1/indexes/:index/:objectID";
  const writeOne = async (c: Context, action: BatchOperation["action"], body: Record<string, unknown>) => {
    requireWrite(await keyAccess(c, deps));
    await store.applyBatch(c.req.param("index")!, [{ action, body: { ...body, objectID: c.req.param("objectID")! } }]);
    return c.json({ taskID: ++lastTaskID, objectID: c.req.param("objectID"), updatedAt: new Date(now()).toISOString() });
  };
  const readObject = async (c: Context) => {
    const parsed = jsonObjectSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) throw new SearchError("Invalid JSON");
    return parsed.data;
  };
  app.get(objectRoute, async (c) => {
    requireWrite(await keyAccess(c, deps));
    const record = await store.getObject(c.req.param("index"), c.req.param("objectID"));
    if (!record) throw new SearchError("ObjectID does not exist", 404);
    return c.json(record);
  });
  app.put(objectRoute, async (c) => writeOne(c, "updateObject", await readObject(c)));
  app.delete(objectRoute, async (c) => writeOne(c, "deleteObject", {}));
  app.post(`${objectRoute}/partial`, async (c) =>
    writeOne(c, c.req.query("createIfNotExists") === "false" ? "partialUpdateObjectNoCreate" : "partialUpdateObject", await readObject(c)),
  );
  return app;
}
