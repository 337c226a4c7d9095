import { describe, expect, it } from "vitest";
import { createSearchApi } from "./create-search-api";
import { APP_ID, KEYS, testDeps } from "./test-deps";

function setup() {
  const fake = testDeps();
  return { ...fake, app: createSearchApi(fake.deps) };
}

const as = (apiKey: string) => ({ "x-algolia-application-id": APP_ID, "x-algolia-api-key": apiKey });
const post = (apiKey: string, body: unknown, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { ...as(apiKey), ...headers },
  body: typeof body === "string" ? body : JSON.stringify(body),
});
const ids = (result: { hits: { objectID: string }[] }) => result.hits.map((hit) => hit.objectID);

describe("search routes", () => {
  it("answers multiple queries in order", async () => {
    const { app } = setup();
    const response = await app.request(
      "/1/indexes/*/queries",
      post(KEYS.admin, {
        requests: [
          { indexName: "Car_production", query: "ford" },
          { indexName: "Car_production:price:desc", params: "hitsPerPage=2&facets=%5B%22make%22%5D" },
        ],
      }),
    );
    expect(response.status).toBe(200);
    const { results } = await response.json();
    expect(results).toHaveLength(2);
    expect(ids(results[0])).toEqual(["6", "7"]);
    expect(results[1]).toMatchObject({ index: "Car_production:price:desc", hitsPerPage: 2, nbHits: 10 });
    expect(ids(results[1])).toEqual(["6", "7"]);
    expect(results[1].facets.make.Toyota).toBe(3);
  });

  it("answers a single-index query by POST and by GET, with the replica name encoded", async () => {
    const { app } = setup();
    const byPost = await app.request("/1/indexes/Car_production%3Akm%3Aasc/query", post(KEYS.admin, { params: "hitsPerPage=3" }));
    expect(ids(await byPost.json())).toEqual(["3", "6", "2"]);
    const byGet = await app.request(`/1/indexes/Car_production?query=mazda&x-algolia-application-id=${APP_ID}&x-algolia-api-key=${KEYS.admin}`);
    expect(byGet.status).toBe(200);
    expect(await byGet.json()).toMatchObject({ nbHits: 2, query: "mazda", params: "query=mazda" });
  });

  it("reads JSON bodies sent as text/plain or form content types", async () => {
    const { app } = setup();
    const response = await app.request(
      "/1/indexes/*/queries",
      post(KEYS.admin, { requests: [{ indexName: "Car_production", query: "hilux" }] }, { "content-type": "application/x-www-form-urlencoded" }),
    );
    expect(ids((await response.json()).results[0])).toEqual(["2"]);
  });

  it("always scopes a site's search key to its site", async () => {
    const { app } = setup();
    const response = await app.request(
      "/1/indexes/*/queries",
      post(KEYS.harbourSearch, {
        requests: [
          { indexName: "Car_production", filters: "site:metro-certified OR NOT site:harbour-city-motors" },
          { indexName: "Car_production", facets: ["make"], hitsPerPage: 0 },
        ],
      }),
    );
    const { results } = await response.json();
    expect(results[0].nbHits).toBe(0);
    expect(results[1].facets.make).toEqual({ Toyota: 3, Ford: 1, Mazda: 1, Škoda: 1 });
  });

  it.each([
    ["a bad filter", { requests: [{ indexName: "Car_production", filters: "make:" }] }, /^filters: Unexpected token end of filter/],
    ["an unknown index", { requests: [{ indexName: "Nope" }] }, /^Index Nope does not exist$/],
    ["a negative page", { requests: [{ indexName: "Car_production", page: -2 }] }, /"page"/],
    ["a missing requests list", {}, /"requests"/],
    ["invalid JSON", "{nope", /^Invalid JSON$/],
  ])("answers %s with an Algolia-style 400", async (_, body, message) => {
    const { app } = setup();
    const response = await app.request("/1/indexes/*/queries", post(KEYS.admin, body));
    expect(response.status).toBe(400);
    const json = await response.json();
    expect(json.status).toBe(400);
    expect(json.message).toMatch(message);
  });

  it("refuses missing or unknown credentials with 403", async () => {
    const { app } = setup();
    const missing = await app.request("/1/indexes/Car_production/query", { method: "POST", body: "{}" });
    expect(missing.status).toBe(403);
    expect(await missing.json()).toEqual({ message: "Invalid Application-ID or API key", status: 403 });
    const wrongApp = await app.request("/1/indexes/Car_production/query", {
      method: "POST",
      headers: { "x-algolia-application-id": "other", "x-algolia-api-key": KEYS.admin },
      body: "{}",
    });
    expect(wrongApp.status).toBe(403);
  });

  it("answers CORS preflights for browsers", async () => {
    const { app } = setup();
    const response = await app.request("/1/indexes/*/queries", {
      method: "OPTIONS",
      headers: { origin: "http://harbour-city-motors.localhost:8787", "access-control-request-method": "POST", "access-control-request-headers": "x-algolia-api-key" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-headers")).toContain("x-algolia-api-key");
  });
});

describe("write routes", () => {
  it("applies a batch with a write key and answers taskID and objectIDs", async () => {
    const { app, batches } = setup();
    const response = await app.request(
      "/1/indexes/Car_production/batch",
      post(KEYS.metroWrite, {
        requests: [
          { action: "addObject", body: { objectID: "11", site: "metro-certified", make: "Kia" } },
          { action: "partialUpdateObject", body: { objectID: 5, price: 18990 } },
          { action: "deleteObject", body: { objectID: "7" } },
        ],
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ taskID: expect.any(Number), objectIDs: ["11", "5", "7"] });
    expect(batches).toEqual([
      {
        indexName: "Car_production",
        access: { site: "metro-certified", canWrite: true },
        operations: [
          { action: "addObject", body: { objectID: "11", site: "metro-certified", make: "Kia" } },
          { action: "partialUpdateObject", body: { objectID: "5", price: 18990 } },
          { action: "deleteObject", body: { objectID: "7" } },
        ],
      },
    ]);
  });

  it("refuses writes with a search key and records of another site with a dealer key", async () => {
    const { app, batches } = setup();
    const bySearchKey = await app.request("/1/indexes/Car_production/batch", post(KEYS.harbourSearch, { requests: [] }));
    expect(bySearchKey.status).toBe(403);
    expect(await bySearchKey.json()).toEqual({ message: "Method not allowed with this API key", status: 403 });
    const otherSite = await app.request(
      "/1/indexes/Car_production/batch",
      post(KEYS.metroWrite, { requests: [{ action: "updateObject", body: { objectID: "1", site: "harbour-city-motors" } }] }),
    );
    expect(otherSite.status).toBe(403);
    expect(batches).toEqual([]);
  });

  it("rejects an operation without objectID or with an unknown action", async () => {
    const { app } = setup();
    for (const operation of [{ action: "deleteObject", body: {} }, { action: "explode", body: { objectID: "1" } }]) {
      const response = await app.request("/1/indexes/Car_production/batch", post(KEYS.admin, { requests: [operation] }));
      expect(response.status).toBe(400);
    }
  });

  it("applies a multi-index batch per index", async () => {
    const { app, batches } = setup();
    const response = await app.request(
      "/1/indexes/*/batch",
      post(KEYS.admin, { requests: [{ indexName: "Car_production", action: "deleteObject", body: { objectID: "3" } }] }),
    );
    expect(await response.json()).toMatchObject({ taskID: { Car_production: expect.any(Number) }, objectIDs: ["3"] });
    expect(batches[0]?.operations).toEqual([{ action: "deleteObject", body: { objectID: "3" } }]);
  });

  it("clears through the batch hook, stores settings and reports tasks as published", async () => {
    const { app, batches, settings } = setup();
    const cleared = await app.request("/1/indexes/Car_production/clear", post(KEYS.admin, ""));
    expect(await cleared.json()).toMatchObject({ taskID: expect.any(Number), updatedAt: expect.any(String) });
    expect(batches[0]?.operations).toEqual([{ action: "clear", body: {} }]);

    const saved = await app.request("/1/indexes/Car_production/settings", { ...post(KEYS.admin, { customRanking: ["desc(custom_rank)"] }), method: "PUT" });
    const { taskID } = await saved.json();
    expect(settings).toEqual([{ indexName: "Car_production", settings: { customRanking: ["desc(custom_rank)"] } }]);
    const bad = await app.request("/1/indexes/Car_production/settings", { ...post(KEYS.admin, { customRanking: ["sideways(x)"] }), method: "PUT" });
    expect(bad.status).toBe(400);

    const task = await app.request(`/1/indexes/Car_production/task/${taskID}`, { headers: as(KEYS.admin) });
    expect(await task.json()).toEqual({ status: "published", pendingTask: false });
  });

  it("reads settings of the index and of a replica", async () => {
    const { app } = setup();
    const primary = await (await app.request("/1/indexes/Car_production/settings", { headers: as(KEYS.admin) })).json();
    expect(primary).toMatchObject({ customRanking: ["desc(custom_rank)"], replicas: expect.arrayContaining(["Car_production:price:desc"]) });
    const replica = await (await app.request("/1/indexes/Car_production%3Aprice%3Adesc/settings", { headers: as(KEYS.admin) })).json();
    expect(replica).toMatchObject({ primary: "Car_production", ranking: expect.arrayContaining(["desc(price)"]) });
  });
});

describe("in-process queries", () => {
  const credentials = (apiKey: string) => ({ appId: APP_ID, apiKey, host: "search.internal" });
  const body = {
    requests: [
      { indexName: "Car_production", filters: "site:metro-certified OR NOT site:harbour-city-motors", query: "ford" },
      { indexName: "Car_production", facets: ["make"], hitsPerPage: 0, facetQuery: undefined },
      { indexName: "Car_production", type: "facet", facet: "make", facetQuery: "to" },
    ],
  };

  it("answer what the route answers for the same body, inside the key's site", async () => {
    const { app } = setup();
    const byRoute = await (await app.request("/1/indexes/*/queries", post(KEYS.harbourSearch, body))).json();
    const inProcess = await app.queries(credentials(KEYS.harbourSearch), body);
    const timeless = (answer: { results: unknown[] }) => answer.results.map((result) => ({ ...(result as object), processingTimeMS: 0 }));
    expect(timeless(JSON.parse(JSON.stringify(inProcess)))).toEqual(timeless(byRoute));
    expect(inProcess.results[0]).toMatchObject({ nbHits: 0 });
    expect(inProcess.results[1]).toMatchObject({ facets: { make: { Toyota: 3, Ford: 1, Mazda: 1, Škoda: 1 } } });
  });

  it("refuse an unknown key and name the field of a bad body, as the route does", async () => {
    const { app } = setup();
    await expect(app.queries(credentials("nope"), body)).rejects.toMatchObject({ status: 403 });
    await expect(app.queries(credentials(KEYS.harbourSearch), { requests: [{ indexName: "Car_production", page: -2 }] })).rejects.toThrow(/"page"/);
    await expect(app.queries(credentials(KEYS.harbourSearch), { requests: [{ indexName: "Car_production", query: "\ud800ford" }] })).resolves.toMatchObject({
      results: [{ query: "\ufffdford" }],
    });
  });
});
