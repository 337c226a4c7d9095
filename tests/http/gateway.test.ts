import { describe, expect, it } from "vitest";
import { query } from "../support/db";
import { fetchSite, fetchSiteOnHost, GATEWAY_PORT } from "../support/platform";

const SITE = "harbour-city-motors";

describe("tenancy", () => {
  it("the platform index lists the demo sites with links", async () => {
    const html = await (await fetch(`http://127.0.0.1:${GATEWAY_PORT}/`)).text();
    for (const slug of ["harbour-city-motors", "summit-auto-group", "metro-certified", "ridge-motorcycles", "outback-trucks", "coastal-caravans"]) {
      expect(html).toContain(`http://${slug}.localhost:${GATEWAY_PORT}/`);
    }
  });

  it("a dealer's own domain serves that dealer's site", async () => {
    const response = await fetchSiteOnHost("www.harbourcitymotors.com.au", "/search");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Harbour City Motors");
  });

  it("an unknown host gets a plain 404, never a dealer's site", async () => {
    const response = await fetchSite("no-such-dealer", "/search");
    expect(response.status).toBe(404);
    const text = await response.text();
    expect(text).not.toMatch(/Harbour|Summit|Metro|Ridge|Outback|Coastal/);
  });

  it("an unknown path and an unknown car get the tenant's own 404", async () => {
    for (const path of ["/no-such-page", "/cars/no-such-car", "/our-location/no-such-place"]) {
      const response = await fetchSite(SITE, path);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("Harbour City Motors");
    }
  });

  it("a car the dealer hides from the website is a 404, not a page of sections that never load", async () => {
    const [hidden] = query<{ slug: string }>(
      `SELECT slug FROM vehicles WHERE site = 'summit-auto-group' AND json_extract(data, '$.show_on_dealer_website') = 0 ORDER BY id LIMIT 1`,
    );
    if (!hidden) throw new Error("no hidden car on summit-auto-group");
    expect((await fetchSite("summit-auto-group", `/cars/${hidden.slug}`)).status).toBe(404);
  });

  it("brands are a dealer-group page only", async () => {
    expect((await fetchSite("summit-auto-group", "/brands")).status).toBe(200);
    expect((await fetchSite(SITE, "/brands")).status).toBe(404);
  });
});

describe("security headers", () => {
  it("every page has a CSP whose per-request nonce is on the inline-capable scripts", async () => {
    const first = await fetchSite(SITE, "/search");
    const second = await fetchSite(SITE, "/search");
    const csp = first.headers.get("content-security-policy") ?? "";
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).not.toContain("unsafe-inline");
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
    expect(nonce).toBeTruthy();
    expect(await first.text()).toContain(`nonce="${nonce}"`);
    expect(second.headers.get("content-security-policy")).not.toEqual(csp);
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("x-frame-options")).toBe("DENY");
  });

  it("no page carries a script the policy would block: every executable script has the nonce", async () => {
    const search = await (await fetchSite(SITE, "/search")).text();
    const cars = [...new Set([...search.matchAll(/href="(\/cars\/[a-z0-9-]+)"/g)].map((m) => m[1] ?? ""))];
    // The vehicle page is the largest composed page (where React would stream a boundary out of order).
    for (const path of ["/", "/search", "/finance", "/dealer-locator", ...cars.slice(0, 12)]) {
      const html = await (await fetchSite(SITE, path)).text();
      const nonce = /nonce="([^"]+)"/.exec(html)?.[1];
      const blocked = [...html.matchAll(/<script(?![^>]*type="application\/(?:json|ld\+json)")([^>]*)>/g)].filter((m) => !m[1]?.includes(`nonce="${nonce}"`));
      expect(blocked.map((m) => m[0]), path).toEqual([]);
    }
  });
});

describe("assets", () => {
  it("shell and remote files are served immutable under their build-id paths", async () => {
    const html = await (await fetchSite(SITE, "/search")).text();
    const searchBuild = /data-styles="mf-search" data-build="([^"]+)"/.exec(html)?.[1];
    const files = {
      "text/javascript": [/href="(\/_shell\/[^"]+\.js)"/, /href="(\/_mf\/mf-search\/[^"]+\/remoteEntry\.js)"/].map((re) => re.exec(html)?.[1]),
      "text/css": [searchBuild && `/_mf/mf-search/${searchBuild}/fragments.css`],
    };
    for (const [type, paths] of Object.entries(files)) {
      for (const path of paths) {
        expect(path).toBeTruthy();
        const response = await fetchSite(SITE, path ?? "");
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toContain(type);
        expect(response.headers.get("cache-control")).toContain("immutable");
      }
    }
  });

  it("the head carries the route's styles, preloads and a description; a dead remote's files fail as their own type", async () => {
    const html = await (await fetchSite(SITE, "/search")).text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toMatch(/<meta name="description" content="[^"]{40,160}">/);
    expect(head).toContain('data-styles="mf-search"');
    expect(head).not.toMatch(/<link rel="stylesheet"/);
    expect(head).toMatch(/<link rel="preload" as="script" href="\/_mf\/mf-search\/[^"]+\/remoteEntry\.js">/);
    const missing = await fetchSite(SITE, "/_mf/mf-search/nosuchbuild/remoteEntry.js");
    expect(missing.status).toBeGreaterThanOrEqual(400);
    expect(missing.headers.get("content-type")).toContain("text/javascript");
  });
  it("a car page inlines the styles of its first view and links those of remotes only below the fold, before their first slot", async () => {
    const search = await (await fetchSite(SITE, "/search")).text();
    const car = /href="(\/cars\/[a-z0-9-]+)"/.exec(search)?.[1] ?? "";
    const html = await (await fetchSite(SITE, car)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const inlined = [...head.matchAll(/data-styles="([^"]+)"/g)].map((m) => m[1]).sort();
    expect(inlined).toEqual(["mf-finance", "mf-forms", "mf-vehicle"]);
    expect(head).not.toMatch(/<link rel="stylesheet"/);
    for (const [remote, slot] of [["mf-search", "similar"], ["mf-locations", "vehicle-location"]]) {
      const link = html.search(new RegExp(`<link rel="stylesheet" href="/_mf/${remote}/[^"]+/fragments\\.css">`));
      expect(link, remote).toBeGreaterThan(head.length);
      expect(link, remote).toBeLessThan(html.indexOf(`data-slot="${slot}"`));
      expect(html.match(new RegExp(`/_mf/${remote}/[^"]+/fragments\\.css`, "g")), remote).toHaveLength(1);
    }
  });
});

describe("leads", () => {
  it("a valid enquiry is stored and answers its lead id; a bad one answers field errors", async () => {
    const values = { name: "Sam Shopper", email: "sam@example.com", phone: "0412 345 678", postcode: "4000", message: "Is it still available?", opt_in: true };
    const userData = { url: "http://localhost/cars/x", source: "Website", user_agent: "test", lead_attributes: { visited_pages: [], linked_query_params: {} } };
    const ok = await fetchSite(SITE, "/api/leads", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ kind: "enquiry", values, userData }),
    });
    expect(ok.status).toBe(201);
    expect((await ok.json()).lead_id).toBeGreaterThan(0);

    const bad = await fetchSite(SITE, "/api/leads", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ kind: "enquiry", values: { ...values, postcode: "40" }, userData }),
    });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { fieldErrors: Record<string, string[]> };
    expect(Object.values(body.fieldErrors).flat()).toContain("Invalid postcode. Please enter a 4-digit number.");
  });
});

describe("search API", () => {
  const query = (apiKey: string, params: Record<string, unknown>) =>
    fetchSite(SITE, "/1/indexes/*/queries", {
      method: "POST",
      headers: { "content-type": "application/json", "x-algolia-api-key": apiKey, "x-algolia-application-id": "DEALERPLATFORM" },
      body: JSON.stringify({ requests: [{ indexName: "Car_production", ...params }] }),
    });

  it("a site's public key only ever returns that site's stock, whatever the filters", async () => {
    const response = await query("search-harbour-city-motors", { filters: "site:ridge-motorcycles OR site:outback-trucks", hitsPerPage: 50 });
    expect(response.status).toBe(200);
    const { results } = (await response.json()) as { results: { nbHits: number }[] };
    expect(results[0]!.nbHits).toBe(0);
    const all = (await (await query("search-harbour-city-motors", { hitsPerPage: 100 })).json()) as { results: { hits: { site: string }[] }[] };
    expect(all.results[0]!.hits.length).toBeGreaterThan(0);
    expect(all.results[0]!.hits.every((hit) => hit.site === SITE)).toBe(true);
  });

  it("refuses a bad key with 403 and bad filter syntax with an Algolia-style 400", async () => {
    expect((await query("not-a-key", {})).status).toBe(403);
    const bad = await query("search-harbour-city-motors", { filters: "make:(Toyota" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBeTruthy();
  });
});
