import { algoliasearch } from "algoliasearch";
import { liteClient } from "algoliasearch/lite";
import { describe, expect, it } from "vitest";
import { type ConformanceCase, conformanceCases, HARBOUR_SECURED_FILTER } from "../engine/fixtures/conformance-cases";
import { createSearchApi } from "./create-search-api";
import { APP_ID, KEYS, testDeps } from "./test-deps";

type ClientOptions = NonNullable<Parameters<typeof algoliasearch>[2]>;
type Requester = NonNullable<ClientOptions["requester"]>;

/** The unmodified clients, with their HTTP calls answered by app.request() instead of the network. */
function clients(apiKey: string) {
  const fake = testDeps();
  const app = createSearchApi(fake.deps);
  const requester: Requester = {
    async send(request) {
      const url = new URL(request.url);
      const response = await app.request(`${url.pathname}${url.search}`, {
        method: request.method,
        headers: request.headers,
        body: (request.data as string | undefined) ?? null,
      });
      return { status: response.status, content: await response.text(), isTimedOut: false };
    },
  };
  const options = { requester, hosts: [{ url: "search.test", accept: "readWrite" as const, protocol: "http" as const }] };
  return { full: algoliasearch(APP_ID, apiKey, options), lite: liteClient(APP_ID, apiKey, options), ...fake };
}

function keyFor(testCase: ConformanceCase): string {
  if (!testCase.securedFilters) return KEYS.admin;
  if (testCase.securedFilters !== HARBOUR_SECURED_FILTER) throw new Error(`no key embeds ${testCase.securedFilters}`);
  return KEYS.harbourSearch;
}

type AnyResult = { hits: { objectID: string }[]; facets?: unknown };
type Method = (client: ReturnType<typeof clients>, indexName: string, params: Record<string, unknown>) => Promise<AnyResult>;

// The client's request types are narrower than Algolia's wire format (e.g. `params` strings), hence the casts.
const methods: Record<string, Method> = {
  "full search": async ({ full }, indexName, params) => (await full.search({ requests: [{ indexName, ...params }] } as never)).results[0] as AnyResult,
  "full searchForHits": async ({ full }, indexName, params) => (await full.searchForHits({ requests: [{ indexName, ...params }] } as never)).results[0] as AnyResult,
  "full searchSingleIndex": async ({ full }, indexName, params) => (await full.searchSingleIndex({ indexName, searchParams: params } as never)) as AnyResult,
  "lite search": async ({ lite }, indexName, params) => (await lite.search({ requests: [{ indexName, ...params }] } as never)).results[0] as AnyResult,
  "lite searchForHits": async ({ lite }, indexName, params) => (await lite.searchForHits({ requests: [{ indexName, ...params }] } as never)).results[0] as AnyResult,
};

describe.each(Object.entries(methods))("conformance through the algoliasearch client: %s", (_, method) => {
  it.each(conformanceCases)("$name", async (testCase) => {
    const { indexName = "Car_production", params, expected } = testCase;
    const run = method(clients(keyFor(testCase)), indexName, params);
    if ("error" in expected) {
      await expect(run).rejects.toMatchObject({ status: 400, message: expect.stringContaining(expected.error) });
      return;
    }
    const result = await run;
    expect(result.hits.map((hit) => hit.objectID)).toEqual(expected.ids);
    const { ids: _ids, ...rest } = expected;
    expect(result).toMatchObject(rest);
    if (expected.facets) expect(result.facets).toEqual(expected.facets);
  });
});

describe("tenant safety through the client", () => {
  it("keeps a site's search key on its own stock and refuses it writes", async () => {
    const { full, lite } = clients(KEYS.harbourSearch);
    const { results } = await lite.search({ requests: [{ indexName: "Car_production", filters: "site:metro-certified", hitsPerPage: 50 }] });
    expect((results[0] as AnyResult).hits).toEqual([]);
    const all = await full.searchSingleIndex({ indexName: "Car_production", searchParams: { hitsPerPage: 50 } });
    expect(new Set(all.hits.map((hit) => (hit as { site?: string }).site))).toEqual(new Set(["harbour-city-motors"]));
    await expect(full.saveObjects({ indexName: "Car_production", objects: [{ objectID: "1" }] })).rejects.toMatchObject({ status: 403 });
  });

  it("refuses unknown keys", async () => {
    const { lite } = clients("not-a-key");
    await expect(lite.search({ requests: [{ indexName: "Car_production" }] })).rejects.toMatchObject({ status: 403 });
  });
});

describe("sync calls through the full client", () => {
  it("saves, updates and deletes objects, writes settings and waits for tasks", async () => {
    const { full, batches, settings } = clients(KEYS.admin);
    const [saved] = await full.saveObjects({ indexName: "Car_production", objects: [{ objectID: "11", make: "Kia" }] });
    await full.waitForTask({ indexName: "Car_production", taskID: saved!.taskID });
    await full.partialUpdateObjects({ indexName: "Car_production", objects: [{ objectID: "11", price: 1 }], createIfNotExists: false });
    await full.deleteObjects({ indexName: "Car_production", objectIDs: ["11"] });
    const { taskID } = await full.setSettings({ indexName: "Car_production", indexSettings: { customRanking: ["desc(custom_rank)"] } });
    await full.waitForTask({ indexName: "Car_production", taskID });
    await full.clearObjects({ indexName: "Car_production" });
    expect(batches.map((batch) => batch.operations.map((op) => op.action))).toEqual([
      ["addObject"],
      ["partialUpdateObjectNoCreate"],
      ["deleteObject"],
      ["clear"],
    ]);
    expect(settings).toEqual([{ indexName: "Car_production", settings: { customRanking: ["desc(custom_rank)"] } }]);
    expect(await full.getSettings({ indexName: "Car_production" })).toMatchObject({ customRanking: ["desc(custom_rank)"] });
  });
});
