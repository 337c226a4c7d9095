import { type Context, Hono } from "hono";
import { cors } from "hono/cors";
import type { z } from "zod";
import { indexSettingsSchema, prepareSearch, resolveSort, search, SearchError, searchForFacetValues, type SearchOptions, type SearchResponse } from "../engine";
import { cacheSearchKeys, keyAccess, requireWrite, securedFilterFor } from "./credentials";
import { batchSchema, multipleBatchSchema, multipleQueriesSchema, jsonObjectSchema } from "./schemas";
import type { BatchOperation, KeyAccess, SearchApiDeps, SearchTarget } from "./types";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The same pattern without the global flag, whose test() would keep state between calls. */
const HAS_LONE_SURROGATE = new RegExp(LONE_SURROGATE.source);
const withoutLoneSurrogates = (text: string) => text.replace(LONE_SURROGATE, "\uFFFD");
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
/** The object itself unless a key holds a lone surrogate (rare: only then is it copied). */
function withTextKeys(object: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(object);
  if (!keys.some((key) => HAS_LONE_SURROGATE.test(key))) return object;
  return Object.fromEntries(keys.map((key) => [withoutLoneSurrogates(key), object[key]]));
}

const CREDENTIAL_PARAMS = new Set(["x-algolia-application-id", "x-algolia-api-key", "x-algolia-agent"]);

/** Lone surrogate escapes ("\ud800") parse but are not text: in a value or a key they become U+FFFD, as in a URL. */
const asText = (value: unknown) => (typeof value === "string" ? withoutLoneSurrogates(value) : isObject(value) ? withTextKeys(value) : value);

/** A body handed over in process, made what JSON text would have parsed to: text only, no undefined member. */
function asParsedJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : asParsedJson(item)));
  if (!isObject(value)) return asText(value);
  const members = Object.entries(value).filter(([, member]) => member !== undefined);
  return asText(Object.fromEntries(members.map(([key, member]) => [key, asParsedJson(member)])));
}

/** Algolia clients post JSON as text/plain or form content types (to skip CORS preflight): read the text. */
async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const text = await c.req.text();
  let json: unknown = {};
  if (text.trim()) {
    try {
      json = JSON.parse(text, (_key, value) => asText(value));
    } catch {
      throw new SearchError("Invalid JSON");
    }
  }
  return checkBody(json, schema);
}

function checkBody<S extends z.ZodType>(json: unknown, schema: S): z.infer<S> {
  const result = schema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new SearchError(`Invalid value for "${issue.path.join(".") || "body"}": ${issue.message}`);
  }
  return result.data;
}

/** Record-bearing operations get an objectID (generated for addObject, required otherwise). */
function normalizeOperation(operation: { action: BatchOperation["action"]; body: Record<string, unknown> }, access: KeyAccess): BatchOperation {
  const { action, body } = operation;
  if (action === "clear") return { action, body: {} };
  let objectID = body.objectID;
  if (typeof objectID === "number") objectID = String(objectID);
  if (objectID === undefined && action === "addObject") objectID = crypto.randomUUID();
  if (typeof objectID !== "string" || objectID === "") throw new SearchError(`${action} requires an objectID`);
  if (access.site !== null && "site" in body && body.site !== access.site)
    throw new SearchError(`This API key may only write records of site ${access.site}`, 403);
  return { action, body: { ...body, objectID } };
}

/**
 * A query's answer. The hits are chosen at once from the index as it is (so a multi-query's requests all see one
 * state, whatever is applied meanwhile); an index of compact records then has its page's records read. A hit whose
 * record is gone means the index is behind a delete: the query is answered again, once, from the index caught up,
 * rather than as a page short of its count (or empty, with cars to show).
 */
function answer(target: SearchTarget, indexName: string, params: unknown, options: SearchOptions): SearchResponse | Promise<SearchResponse> {
  const { hitRecords, caughtUp } = target;
  if (!hitRecords) return search(target.index, indexName, params, options);
  const prepared = prepareSearch(target.index, indexName, params, options);
  if (prepared.objectIDs.length === 0) return prepared.finish(new Map());
  return hitRecords(prepared.objectIDs).then(async (records) => {
    if (records.size < prepared.objectIDs.length && caughtUp) return answer(await caughtUp(), indexName, params, options);
    return prepared.finish(records);
  });
}

/**
 * Algolia's REST API (the paths the algoliasearch client and a stock sync use) over the engine.
 * Mount it at the root: every route lives under /1/.
 */
export function createSearchApi(uncachedDeps: SearchApiDeps): Hono & { queries: InProcessQueries } {
  const deps: SearchApiDeps = { ...uncachedDeps, resolveKey: cacheSearchKeys(uncachedDeps.resolveKey) };
  const app = new Hono();
  let lastTaskID = 0;
  /** Writes are applied before answering, so every task is published at once. */
  const nextTask = () => ({ taskID: ++lastTaskID, updatedAt: new Date().toISOString() });

  app.use(
    "/1/*",
    cors({
      origin: "*",
      allowMethods: ["GET", "POST", "PUT", "DELETE", "OPTIONS"],
      allowHeaders: ["Content-Type", "x-algolia-application-id", "x-algolia-api-key", "x-algolia-agent"],
      maxAge: 86400,
    }),
  );

  app.onError((error, c) => {
    if (error instanceof SearchError) return c.json(error.toJSON(), error.status);
    console.error("[search-api]", error);
    return c.json({ message: "Internal error", status: 500 }, 500);
  });

  async function searchAs(c: Context, indexName: string, params: unknown): Promise<SearchResponse> {
    const access = await keyAccess(c, deps);
    return answer(await deps.getIndex(indexName, access), indexName, params, { securedFilters: securedFilterFor(access) });
  }

  async function writeBatch(c: Context, indexName: string, operations: BatchOperation[], access: KeyAccess) {
    await deps.applyBatch(indexName, operations, access);
    return c.json({ taskID: nextTask().taskID, objectIDs: operations.flatMap((op) => (op.body.objectID ? [op.body.objectID] : [])) });
  }

  /** The answers to a multi-query (POST /1/indexes/*\/queries), for a key's access. */
  async function multipleQueries(access: KeyAccess, { requests }: z.infer<typeof multipleQueriesSchema>) {
    const targets = await Promise.all(requests.map(({ indexName }) => deps.getIndex(indexName, access)));
    const securedFilters = securedFilterFor(access);
    const results = requests.map(({ indexName, type, facet, ...params }, position) => {
      const target = targets[position]!;
      if (type !== "facet") return answer(target, indexName, params, { securedFilters });
      if (typeof facet !== "string" || !facet) throw new SearchError('A facet query needs "facet": the attribute to search in');
      return searchForFacetValues(target.index, indexName, facet, params, { securedFilters });
    });
    return { results: await Promise.all(results) };
  }

  app.post("/1/indexes/:index/queries", async (c) => {
    if (c.req.param("index") !== "*") throw new SearchError("Multiple queries are sent to /1/indexes/*/queries", 404);
    const access = await keyAccess(c, deps);
    return c.json(await multipleQueries(access, await readBody(c, multipleQueriesSchema)));
  });

  app.post("/1/indexes/:index/facets/:facet/query", async (c) => {
    const access = await keyAccess(c, deps);
    const body = await readBody(c, jsonObjectSchema);
    const { index } = await deps.getIndex(c.req.param("index"), access);
    return c.json(searchForFacetValues(index, c.req.param("index"), c.req.param("facet"), body, { securedFilters: securedFilterFor(access) }));
  });

  app.post("/1/indexes/:index/query", async (c) => {
    const body = await readBody(c, jsonObjectSchema);
    return c.json(await searchAs(c, c.req.param("index"), body));
  });

  app.get("/1/indexes/:index", async (c) => {
    const params = Object.fromEntries(Object.entries(c.req.query()).filter(([key]) => !CREDENTIAL_PARAMS.has(key.toLowerCase())));
    return c.json(await searchAs(c, c.req.param("index"), params));
  });

  app.post("/1/indexes/:index/batch", async (c) => {
    const access = await keyAccess(c, deps);
    requireWrite(access);
    if (c.req.param("index") === "*") {
      const { requests } = await readBody(c, multipleBatchSchema);
      const byIndex = new Map<string, BatchOperation[]>();
      for (const { indexName, ...operation } of requests) {
        const list = byIndex.get(indexName) ?? [];
        list.push(normalizeOperation(operation, access));
        byIndex.set(indexName, list);
      }
      const taskID: Record<string, number> = {};
      for (const [indexName, operations] of byIndex) {
        await deps.applyBatch(indexName, operations, access);
        taskID[indexName] = nextTask().taskID;
      }
      return c.json({ taskID, objectIDs: requests.flatMap((op) => (op.body.objectID ? [String(op.body.objectID)] : [])) });
    }
    const { requests } = await readBody(c, batchSchema);
    return writeBatch(c, c.req.param("index"), requests.map((operation) => normalizeOperation(operation, access)), access);
  });

  app.post("/1/indexes/:index/clear", async (c) => {
    const access = await keyAccess(c, deps);
    requireWrite(access);
    await deps.applyBatch(c.req.param("index"), [{ action: "clear", body: {} }], access);
    return c.json(nextTask());
  });

  app.get("/1/indexes/:index/settings", async (c) => {
    const access = await keyAccess(c, deps);
    const indexName = c.req.param("index");
    const { index } = await deps.getIndex(indexName, access);
    const sort = resolveSort(index, indexName);
    if (!sort) return c.json(index.settings);
    const { replicas: _replicas, ...settings } = index.settings;
    return c.json({ ...settings, primary: index.name, ranking: [`${sort.direction}(${sort.attribute})`, "typo", "geo", "words", "filters", "proximity", "attribute", "exact", "custom"] });
  });

  app.put("/1/indexes/:index/settings", async (c) => {
    const access = await keyAccess(c, deps);
    requireWrite(access);
    const settings = await readBody(c, jsonObjectSchema);
    const checked = indexSettingsSchema.safeParse(settings);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      throw new SearchError(`Invalid value for "${issue.path.join(".")}": ${issue.message}`);
    }
    await deps.saveSettings?.(c.req.param("index"), settings, access);
    return c.json(nextTask());
  });

  const published = (c: Context) => c.json({ status: "published", pendingTask: false });
  app.get("/1/indexes/:index/task/:taskID", published);
  app.get("/1/task/:taskID", published);

  app.notFound((c) => c.json({ message: "Not Found", status: 404 }, 404));
  /**
   * A multi-query from this Worker's own code, without the request's and the answer's JSON text (ADR 0104): the
   * same key check, body check and engine as the route. The answer is the engine's own objects, which its callers
   * only read.
   */
  const queries: InProcessQueries = async ({ appId, apiKey, host }, body) => {
    const access = await deps.resolveKey(appId, apiKey, { host, path: "/1/indexes/*/queries", defer: inProcessDefer });
    if (!access) throw new SearchError("Invalid Application-ID or API key", 403);
    return multipleQueries(access, checkBody(asParsedJson(body), multipleQueriesSchema));
  };
  return Object.assign(app, { queries });
}

/** Work a key check defers (an audit entry) runs unheld in process: there is no answer of its own to wait behind. */
const inProcessDefer = (work: Promise<unknown>) => {
  work.catch((error: unknown) => console.error("[after answer]", error));
};

export type InProcessQueries = (credentials: { appId: string; apiKey: string; host: string }, body: unknown) => Promise<{ results: unknown[] }>;
