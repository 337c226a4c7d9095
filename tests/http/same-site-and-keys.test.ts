import { afterAll, describe, expect, it } from "vitest";
import { newClient } from "../support/accounts";
import { query } from "../support/db";
import { enquiry, postLead } from "../support/leads";
import { operatorApi } from "../support/operator";
import { fetchSite, GATEWAY_PORT } from "../support/platform";

/** ADR 0057: same-site requests, host-bound keys, errors that name no other tenant, a disabled site's JSON. */
const SITES = ["harbour-city-motors", "summit-auto-group"] as const;
const OTHER: Record<(typeof SITES)[number], (typeof SITES)[number]> = { "harbour-city-motors": "summit-auto-group", "summit-auto-group": "harbour-city-motors" };
/** A dealership write key (stock:write and leads:read) of each site (db/demo). */
const WRITE_KEY = { "harbour-city-motors": "write-harbour-city-motors", "summit-auto-group": "write-summit-kia-adelaide" } as const;
const origin = (site: string) => `http://${site}.localhost:${GATEWAY_PORT}`;
const CROSS_SITE = "Requests are accepted only from the dealer's own website.";

/** Every state-changing path a browser reaches on a site, whichever remote serves it. */
const BROWSER_POSTS = [
  "/api/leads",
  "/api/leads/chat",
  "/api/leads/chat/messages",
  "/api/leads/1/booking",
  "/api/miscellaneous",
  "/api/auth/request-code",
  "/api/auth/verify",
  "/api/auth/sign-out",
  "/api/watchlist/save-car",
  "/api/saved-searches",
  "/api/alerts",
  "/api/alerts/unsubscribe",
  "/api/account/email",
  "/api/reservations",
  "/api/payments/online",
  "/api/spin-to-win",
  "/api/vehicles/phone-reveals",
  "/api/vehicles/events",
  "/api/vehicles/delivery-estimates",
  "/api/youx/quote",
  "/dealer/sign-in",
  "/dealer/staff",
  "/dealer/leads",
];

const post = (site: string, path: string, headers: Record<string, string>, browser = true) =>
  fetchSite(site, path, { method: "POST", headers: { "content-type": "application/json", ...newClient(), ...headers }, body: "{}", browser });

describe.each(SITES)("same-site requests on %s", (site) => {
  it("refuses every browser API and dealer page post with neither Origin nor Sec-Fetch-Site: 403", async () => {
    for (const path of BROWSER_POSTS) {
      const refused = await post(site, path, {}, false);
      expect(refused.status, path).toBe(403);
      expect(await refused.text(), path).toContain(CROSS_SITE);
      expect(refused.headers.get("content-type"), path).toMatch(path.startsWith("/api/") ? /^application\/json/ : /^text\/plain/);
    }
    expect((await fetchSite(site, "/api/watchlist/remove-car", { method: "DELETE", browser: false })).status).toBe(403);
  });

  it("refuses them from another site, another tenant, Origin null and cross-site fetch metadata: 403", async () => {
    const crossSite: Record<string, string>[] = [{ origin: "https://evil.example" }, { origin: origin(OTHER[site]) }, { origin: "null" }, { "sec-fetch-site": "cross-site" }, { "sec-fetch-site": "same-site" }];
    for (const path of BROWSER_POSTS) {
      for (const headers of crossSite) expect((await post(site, path, headers)).status, `${path} ${JSON.stringify(headers)}`).toBe(403);
    }
  });

  it("accepts the site's own pages, by Origin or by Sec-Fetch-Site alone", async () => {
    const lead = () => enquiry({}, { terms_conditions: true });
    expect((await postLead(site, lead())).status).toBe(201);
    const byFetchMetadata = await fetchSite(site, "/api/leads", {
      method: "POST",
      headers: { "content-type": "application/json", "sec-fetch-site": "same-origin", ...newClient() },
      body: JSON.stringify(lead()),
      browser: false,
    });
    expect(byFetchMetadata.status).toBe(201);
    const signIn = await fetchSite(site, "/dealer/sign-in", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: origin(site), ...newClient() },
      body: "email=nobody%40example.com",
    });
    expect(signIn.status).toBe(200);
    // Not refused as cross-site: the gateway passed each on, and its remote judged the body.
    for (const path of BROWSER_POSTS) expect(await (await post(site, path, { origin: origin(site) })).text(), path).not.toContain(CROSS_SITE);
  });

  it("lets key-authenticated and signed requests through without Origin: the key or the signature decides", async () => {
    const key = { authorization: `Bearer ${WRITE_KEY[site]}` };
    expect((await fetchSite(site, "/api/leads/sweep", { method: "POST", headers: key, browser: false })).status).toBe(200);
    const batch = await fetchSite(site, "/api/stock/vehicles/batch", { method: "POST", headers: { ...key, "content-type": "application/json" }, body: JSON.stringify({ upsert: [] }), browser: false });
    expect(batch.status).toBe(200);
    // No key at all is the stock API's own 401, not a CSRF refusal.
    expect((await fetchSite(site, "/api/stock/vehicles/batch", { method: "POST", body: "{}", browser: false })).status).toBe(401);
    expect((await post(site, "/api/payments/webhook", {}, false)).status).not.toBe(403);
  });
});

const lastAuditId = () => query<{ id: number | null }>("SELECT max(id) AS id FROM audit_log")[0]?.id ?? 0;
/** The key.refused entries written since `after` (an audit row id). */
const refusalsSince = (after: number) =>
  query<{ site: string; actor: string; subject: string; detail: string }>(`SELECT site, actor, subject, detail FROM audit_log WHERE action = 'key.refused' AND id > ${after} ORDER BY id`);

describe.each(SITES)("keys on their own site's host only: %s's key", (site) => {
  const other = OTHER[site];
  const stock = (host: string, key: string) => fetchSite(host, "/api/stock/vehicles?stocknum=none", { headers: { authorization: `Bearer ${key}` } });

  it("the stock API answers 401 on another site's host, as for a wrong key, and 200 on its own", async () => {
    const before = lastAuditId();
    const wrongKey = await stock(other, "write-no-such-dealership");
    const elsewhere = await stock(other, WRITE_KEY[site]);
    expect(elsewhere.status).toBe(401);
    expect(await elsewhere.text()).toBe(await wrongKey.text());
    expect((await stock(site, WRITE_KEY[site])).status).toBe(200);
    // One audit entry under the key's own site; the unknown key wrote none anywhere.
    const written = refusalsSince(before);
    expect(written).toHaveLength(1);
    expect(written[0]?.site).toBe(site);
    expect(JSON.parse(written[0]?.detail ?? "{}")).toMatchObject({ reason: "another site", host: `${other}.localhost:${GATEWAY_PORT}`, path: "/api/stock/vehicles" });
  });

  it("the Algolia-compatible API takes a secret key on its own site's host only (403, as Algolia answers a bad key); a public search key names its site", async () => {
    const search = (host: string, key: string) =>
      fetchSite(host, "/1/indexes/Car_production/query", {
        method: "POST",
        headers: { "x-algolia-application-id": "DEALERPLATFORM", "x-algolia-api-key": key, "content-type": "application/json" },
        body: JSON.stringify({ hitsPerPage: 1 }),
      });
    const before = lastAuditId();
    const elsewhere = await search(other, WRITE_KEY[site]);
    expect(elsewhere.status).toBe(403);
    expect(await elsewhere.json()).toMatchObject({ message: "Invalid Application-ID or API key" });
    expect((await search(site, WRITE_KEY[site])).status).toBe(200);
    expect(refusalsSince(before).map((row) => row.site)).toEqual([site]);
    expect((await search(other, `search-${site}`)).status).toBe(200);
  });

  it("the leads API by key answers 401 on another site's host, audited under the key's own site", async () => {
    const before = lastAuditId();
    const elsewhere = await fetchSite(other, "/api/leads?limit=1", { headers: { authorization: `Bearer ${WRITE_KEY[site]}` } });
    expect(elsewhere.status).toBe(401);
    expect((await fetchSite(site, "/api/leads?limit=1", { headers: { authorization: `Bearer ${WRITE_KEY[site]}` } })).status).toBe(200);
    const written = refusalsSince(before);
    expect(written.map((row) => [row.site, row.actor])).toEqual([[site, `key:${written[0]?.subject}`]]);
    expect(JSON.parse(written[0]?.detail ?? "{}")).toMatchObject({ reason: "another site", path: "/api/leads" });
  });

  it("a key of the site without the scope is refused and audited; a guessed or public key writes nothing", async () => {
    const issued = await operatorApi("POST", `/sites/${site}/keys`, { name: "search only (test)", scopes: ["search"] });
    expect(issued.status).toBe(201);
    const { key, record } = (await issued.json()) as { key: string; record: { id: string } };
    try {
      const before = lastAuditId();
      expect((await stock(site, key)).status).toBe(401);
      expect((await stock(site, `search-${site}`)).status).toBe(401);
      expect((await stock(site, `dk_aaaaaaaaaaaa_${"a".repeat(43)}`)).status).toBe(401);
      const written = refusalsSince(before);
      expect(written.map((row) => [row.site, row.subject])).toEqual([[site, record.id]]);
      expect(JSON.parse(written[0]?.detail ?? "{}")).toMatchObject({ reason: "scope" });
    } finally {
      await operatorApi("POST", `/keys/${record.id}/revoke`);
    }
  });
});

describe("no error names another tenant's data", () => {
  it.each(SITES)("a stock id held by the other site's car is refused with words that name nothing of it (%s)", async (site) => {
    const other = OTHER[site];
    const listed = async (host: string) =>
      ((await (await fetchSite(host, "/api/stock/vehicles", { headers: { authorization: `Bearer ${WRITE_KEY[host as keyof typeof WRITE_KEY]}` } })).json()) as { vehicles: Record<string, unknown>[] }).vehicles;
    const theirs = (await listed(other))[0] as Record<string, unknown>;
    const { site: _site, dealership_id: _id, dealership_slug: _slug, ...mine } = (await listed(site))[0] as Record<string, unknown>;
    const clash = await fetchSite(site, "/api/stock/vehicles/batch", {
      method: "POST",
      headers: { authorization: `Bearer ${WRITE_KEY[site]}`, "content-type": "application/json" },
      body: JSON.stringify({ upsert: [{ ...mine, id: theirs.id }] }),
    });
    expect(clash.status).toBe(400);
    const text = await clash.text();
    expect(JSON.parse(text).rejected[0].errors.id).toEqual([`id ${theirs.id} is not available: choose another id for this vehicle.`]);
    for (const secret of [theirs.stocknum, theirs.slug, theirs.dealership_slug, other]) expect(text).not.toContain(String(secret));
  });
});

describe("a disabled site answers its APIs in JSON", () => {
  const DISABLED = ["ridge-motorcycles", "outback-trucks"];
  afterAll(async () => {
    for (const site of DISABLED) await operatorApi("POST", `/sites/${site}/enable`);
  });

  it.each(DISABLED)("%s: a JSON lead, the leads API by key, search and stock get 503 JSON; its pages the holding page", async (site) => {
    expect((await operatorApi("POST", `/sites/${site}/disable`)).status).toBe(200);
    try {
      const lead = await postLead(site, enquiry());
      expect(lead.status).toBe(503);
      expect(lead.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await lead.json()).toMatchObject({ message: expect.stringContaining("is unavailable") });
      const keyed = await fetchSite(site, "/api/leads", { headers: { authorization: `Bearer write-${site}` } });
      const search = await fetchSite(site, "/1/indexes/Car_production/query", {
        method: "POST",
        headers: { "x-algolia-application-id": "DEALERPLATFORM", "x-algolia-api-key": `search-${site}`, "content-type": "application/json" },
        body: "{}",
      });
      const stock = await fetchSite(site, "/api/stock/vehicles", { headers: { authorization: `Bearer write-${site}` } });
      for (const answer of [keyed, search, stock]) {
        expect(answer.status).toBe(503);
        expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
      }
      const page = await fetchSite(site, "/");
      expect(page.status).toBe(503);
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    } finally {
      expect((await operatorApi("POST", `/sites/${site}/enable`)).status).toBe(200);
    }
    expect((await postLead(site, enquiry())).status).toBe(201);
  });
});
