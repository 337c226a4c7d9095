import { describe, expect, it } from "vitest";
import { readSearchBackend, searchConnectSources, siteFilter } from "./search-backend";

describe("search backend settings", () => {
  it("is the embedded engine when nothing is set, or SEARCH_BACKEND is blank or embedded", () => {
    expect(readSearchBackend({})).toEqual({ kind: "embedded" });
    expect(readSearchBackend({ SEARCH_BACKEND: " ", ALGOLIA_APP_ID: "X" })).toEqual({ kind: "embedded" });
    expect(searchConnectSources(readSearchBackend({ SEARCH_BACKEND: "embedded" }))).toEqual([]);
  });

  it("with Algolia uses the application's own hosts unless hosts are given, and the default index", () => {
    const backend = readSearchBackend({ SEARCH_BACKEND: "algolia", ALGOLIA_APP_ID: "ABC123", ALGOLIA_SEARCH_KEY: "s", ALGOLIA_WRITE_KEY: "w" });
    expect(backend).toMatchObject({ kind: "algolia", appId: "ABC123", indexName: "Car_production", searchKey: "s", writeKey: "w" });
    expect(searchConnectSources(backend)).toEqual([
      "https://ABC123-dsn.algolia.net",
      "https://ABC123-1.algolianet.com",
      "https://ABC123-2.algolianet.com",
      "https://ABC123-3.algolianet.com",
    ]);
    const standIn = readSearchBackend({ SEARCH_BACKEND: "algolia", ALGOLIA_APP_ID: "STANDIN", ALGOLIA_HOSTS: "http://127.0.0.1:8830, https://b.example", ALGOLIA_INDEX: "Car_staging" });
    expect(standIn).toMatchObject({
      hosts: [
        { url: "127.0.0.1:8830", protocol: "http", accept: "readWrite" },
        { url: "b.example", protocol: "https", accept: "readWrite" },
      ],
      indexName: "Car_staging",
      searchKey: null,
    });
    expect(searchConnectSources(standIn)).toEqual(["http://127.0.0.1:8830", "https://b.example"]);
  });

  it.each([
    [{ SEARCH_BACKEND: "elastic" }, /SEARCH_BACKEND/],
    [{ SEARCH_BACKEND: "algolia" }, /needs ALGOLIA_APP_ID/],
    [{ SEARCH_BACKEND: "algolia", ALGOLIA_APP_ID: "A B" }, /ALGOLIA_APP_ID/],
    [{ SEARCH_BACKEND: "algolia", ALGOLIA_APP_ID: "A", ALGOLIA_HOSTS: "ftp://x" }, /ALGOLIA_HOSTS/],
    [{ SEARCH_BACKEND: "algolia", ALGOLIA_APP_ID: "A", ALGOLIA_HOSTS: "https://x/path" }, /ALGOLIA_HOSTS/],
  ])("names the wrong setting: %o", (env, message) => {
    expect(() => readSearchBackend(env)).toThrow(message);
  });

  it("quotes a site for its filter", () => {
    expect(siteFilter("harbour-city-motors")).toBe('site:"harbour-city-motors"');
    expect(siteFilter('a"b\\c')).toBe('site:"a\\"b\\\\c"');
  });
});
