import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { query } from "../support/db";
import { enquiry, postLead } from "../support/leads";
import { operatorApi } from "../support/operator";
import { GATEWAY_PORT, fetchSite, fetchSiteOnHost } from "../support/platform";
import { inviteByOperator, newStaffEmail, staffSignIn } from "../support/staff";

const ROOT = join(import.meta.dirname, "../..");
const SITE = "seventh-dealer";
const BASE = `http://localhost:${GATEWAY_PORT}`;

/** The operator's command itself, as an operator runs it. */
function siteCommand(...args: string[]): { ok: boolean; out: string } {
  try {
    return { ok: true, out: execFileSync(process.execPath, ["--import", "tsx", "scripts/operator/site-cli.ts", ...args, "--url", BASE], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }) };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return { ok: false, out: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
  }
}

const search = async (site: string) => {
  const response = await fetchSite(site, "/1/indexes/Car_production/query", {
    method: "POST",
    headers: { "x-algolia-application-id": "DEALERPLATFORM", "x-algolia-api-key": `search-${site}`, "content-type": "application/json" },
    body: JSON.stringify({ hitsPerPage: 5 }),
  });
  return (await response.json()) as { nbHits: number; hits: { stocknum: string }[] };
};

const stockBatch = (key: string, body: unknown) =>
  fetchSite(SITE, "/api/stock/vehicles/batch", { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify(body) });

/** A car of another site's stock, made this dealership's. */
async function aCar(stocknum: string): Promise<Record<string, unknown>> {
  const response = await fetchSite("harbour-city-motors", "/api/stock/vehicles", { headers: { authorization: "Bearer write-harbour-city-motors" } });
  const { vehicles } = (await response.json()) as { vehicles: Record<string, unknown>[] };
  const { site: _s, dealership_id: _d, dealership_slug: _ds, ...car } = vehicles.find((v) => v.status === "in_stock") as Record<string, unknown>;
  return { ...car, id: 9_700_000 + Math.floor(Math.random() * 100_000), stocknum, slug: `seventh-${stocknum.toLowerCase()}` };
}

let writeKey = "";

beforeAll(async () => {
  // A run before this one may have left the site behind.
  await operatorApi("DELETE", `/sites/${SITE}`);
});
afterAll(async () => {
  await operatorApi("DELETE", `/sites/${SITE}`);
});

describe("npm run site (the operator command and API)", () => {
  it("refuses the operator API without the operator key, and with a dealer's key", async () => {
    expect((await operatorApi("GET", `/sites/harbour-city-motors`, undefined, "nope")).status).toBe(401);
    const dealerKey = await operatorApi("GET", `/sites/harbour-city-motors`, undefined, "write-harbour-city-motors");
    expect(dealerKey.status).toBe(401);
    expect(await dealerKey.json()).toEqual({ message: "A valid operator key is required (Authorization: Bearer <key>)." });
  });

  it("create: the example file makes a site that answers on its hosts at once, with empty stock and a write key shown once", async () => {
    const created = siteCommand("create", "examples/sites/seventh-dealer.yaml");
    expect(created.ok, created.out).toBe(true);
    const answer = JSON.parse(created.out) as { site: { hosts: string[]; template: { id: string } }; keys: { key: string; dealership: string }[] };
    expect(answer.site.hosts).toEqual(["seventh-dealer.localhost", "seventhavenuemotors.com.au", "www.seventhavenuemotors.com.au"]);
    writeKey = answer.keys[0]?.key ?? "";
    expect(writeKey).toMatch(/^dk_[a-z0-9]{12}_[A-Za-z0-9_-]{43}$/);

    const home = await fetchSite(SITE, "/");
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Seventh Avenue Motors");
    expect((await fetchSiteOnHost("seventhavenuemotors.com.au", "/")).status).toBe(200);
    expect((await fetchSite(SITE, "/about-us")).status).toBe(200);
    expect((await search(SITE)).nbHits).toBe(0);
    expect((await fetchSite(SITE, "/search")).status).toBe(200);
  });

  it("the stock import works for it with its new key, and search shows the stock", async () => {
    const car = await aCar("SAM001");
    const written = await stockBatch(writeKey, { upsert: [car], delete: [] });
    expect(written.status, await written.clone().text()).toBe(200);
    await expect.poll(async () => (await search(SITE)).hits.map((hit) => hit.stocknum), { timeout: 10_000 }).toEqual(["SAM001"]);
    // The other sites' search never sees it.
    expect((await search("harbour-city-motors")).hits.map((hit) => hit.stocknum)).not.toContain("SAM001");
  });

  it("a staff member the operator invites for it signs in to its inbox and sees its leads, not another site's", async () => {
    const ours = enquiry({}, { email: `seventh-${Date.now()}@example.com` });
    const theirs = enquiry({}, { email: `harbour-${Date.now()}@example.com` });
    expect((await postLead(SITE, ours)).status).toBeLessThan(300);
    expect((await postLead("harbour-city-motors", theirs)).status).toBeLessThan(300);
    const email = newStaffEmail("salesperson");
    expect((await inviteByOperator(SITE, { dealership: "seventh-avenue-motors", email, role: "salesperson" })).status).toBe(201);
    const cookie = await staffSignIn(SITE, email);
    const inbox = await fetchSite(SITE, "/dealer/leads", { headers: { cookie } });
    expect(inbox.status).toBe(200);
    const page = await inbox.text();
    expect(page).toContain(ours.values.email);
    expect(page).not.toContain(theirs.values.email);
  });

  it("show: the site as stored, its template, locations with hours, keys without their secret", async () => {
    const shown = siteCommand("show", SITE);
    expect(shown.ok, shown.out).toBe(true);
    expect(shown.out).not.toContain(writeKey);
    const { site } = JSON.parse(shown.out) as { site: { template: { label: string }; dealerships: { locations: { contact_detail: { opening_hours: unknown[] } }[] }[]; keys: { scopes: string }[]; vehicles: number } };
    expect(site.template.label).toBe("Car dealer");
    expect(site.dealerships[0]?.locations[0]?.contact_detail.opening_hours).toHaveLength(14);
    expect(site.keys[0]?.scopes).toBe("stock:write leads:read");
    expect(site.vehicles).toBe(1);
  });

  it("a bad file is refused whole with every problem listed by path; nothing is written", async () => {
    const before = await (await operatorApi("GET", `/sites/${SITE}`)).json();
    const bad = {
      slug: "harbour-city-motors",
      name: "Taken",
      template: "car-dealer",
      colour: "red",
      domains: ["summitautogroup.com.au"],
      dealerships: [
        { name: "A", slug: "a", financeProvider: "taurus", locations: [{ name: "No address", departments: ["sales"], phone: "02 9999 9999" }] },
        { name: "B", slug: "b", financeProvider: 7, locations: [] },
      ],
    };
    const shape = await operatorApi("POST", "/sites", bad);
    expect(shape.status).toBe(400);
    const { problems } = (await shape.json()) as { problems: { path: string; message: string }[] };
    expect(problems.map((p) => p.path)).toEqual(expect.arrayContaining(["colour", "dealerships.0.locations.0.address", "dealerships.1.financeProvider", "dealerships.1.locations"]));

    // Well-formed, but the slug and the domain are taken and the config is wrong.
    const file = { slug: "harbour-city-motors", name: "Taken", template: "car-dealer", domains: ["summitautogroup.com.au"], dealerships: [{ name: "A", slug: "a", financeProvider: "taurus", locations: [{ name: "Yard", departments: ["sales"], phone: "02 9999 9999", address: { street: "1 Road", city: "Town", state: "NSW", postcode: "2000", lat: -33, long: 151 } }] }], config: { theme: { primary: "red" } } };
    const taken = await operatorApi("POST", "/sites", file);
    expect(taken.status).toBe(400);
    const listed = ((await taken.json()) as { problems: { path: string; message: string }[] }).problems;
    expect(listed).toEqual(expect.arrayContaining([expect.objectContaining({ path: "slug" }), { path: "domains.0", message: "summitautogroup.com.au is taken by another site" }, expect.objectContaining({ path: "config.theme.primary" })]));
    expect(await (await operatorApi("GET", `/sites/${SITE}`)).json()).toEqual(before);
  });

  it("update: a changed config and a new domain show on the site at once", { timeout: 180_000 }, async () => {
    const file = JSON.parse(JSON.stringify((await import("yaml")).parse(readFileSync(join(ROOT, "examples/sites/seventh-dealer.yaml"), "utf8")))) as Record<string, unknown>;
    const stockVersion = () => query<{ version: number }>(`SELECT version FROM stock_versions WHERE site = '${SITE}'`)[0]?.version ?? 0;
    // The car the import wrote named photos: the queue fetches them paced behind the pages (ADR 0116), and each batch it
    // settles is a new stock version. Once none is pending and the version holds, only this test's writes move it.
    let seen = -1;
    const settled = () => {
      const pending = query<{ n: number }>(`SELECT COUNT(*) AS n FROM photos WHERE site = '${SITE}' AND status = 'pending'`)[0]?.n ?? 0;
      const version = stockVersion();
      const still = pending === 0 && version === seen;
      seen = version;
      return still;
    };
    await expect.poll(settled, { timeout: 150_000, interval: 1000 }).toBe(true);
    const stockBefore = stockVersion();
    const updated = await operatorApi("PUT", `/sites/${SITE}`, { ...file, name: "Seventh Avenue Motors Group", domains: ["seventh.com.au"] });
    expect(updated.status, await updated.clone().text()).toBe(200);
    // A name and domains are not in the search records: the site's indexes are left alone (ADR 0055).
    expect(stockVersion()).toBe(stockBefore);
    expect((await fetchSiteOnHost("seventh.com.au", "/")).status).toBe(200);
    expect((await fetchSiteOnHost("seventhavenuemotors.com.au", "/")).status).toBe(404);
    // The update is a new config version a dealer admin can roll back to the created one (ADR 0046).
    const versions = query<{ version: number; published_by: string }>(`SELECT version, published_by FROM site_config_versions WHERE site = '${SITE}' ORDER BY version`);
    expect(versions).toEqual([
      { version: 0, published_by: "operator" },
      { version: 1, published_by: "operator" },
    ]);
    // A finance change is: the site's stock version moves with no change-log entry, so every index reloads the site.
    const config = (file.config ?? {}) as { finance?: Record<string, unknown> };
    const refinanced = await operatorApi("PUT", `/sites/${SITE}`, { ...file, name: "Seventh Avenue Motors Group", domains: ["seventh.com.au"], config: { ...config, finance: { ...config.finance, establishmentFee: 495 } } });
    expect(refinanced.status, await refinanced.clone().text()).toBe(200);
    expect(stockVersion()).toBe(stockBefore + 1);
    expect(query(`SELECT vehicle_id FROM stock_changes WHERE site = '${SITE}' AND version = ${stockBefore + 1}`)).toEqual([]);
  });

  it("disable serves a holding page; enable brings the site back", async () => {
    expect(siteCommand("disable", SITE).ok).toBe(true);
    const held = await fetchSite(SITE, "/");
    expect(held.status).toBe(503);
    expect(await held.text()).toContain("is unavailable");
    expect((await fetchSite(SITE, "/api/leads", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).status).not.toBe(200);
    expect(siteCommand("enable", SITE).ok).toBe(true);
    expect((await fetchSite(SITE, "/")).status).toBe(200);
  });

  it("delete writes the export, then removes the site's stock, keys and pages", async () => {
    const file = join(ROOT, ".state/exports/seventh-dealer-test.ndjson");
    const deleted = siteCommand("delete", SITE, "--export-to", file);
    expect(deleted.ok, deleted.out).toBe(true);
    expect(existsSync(file)).toBe(true);
    const lines = readFileSync(file, "utf8").trim().split("\n").map((line) => JSON.parse(line) as { table: string; row: Record<string, unknown> });
    expect(lines.filter((line) => line.table === "vehicles").map((line) => line.row.stocknum)).toEqual(["SAM001"]);
    expect(lines.some((line) => line.table === "sites")).toBe(true);
    expect(JSON.stringify(lines)).not.toContain(writeKey);
    expect((await fetchSite(SITE, "/")).status).toBe(404);
    expect((await operatorApi("GET", `/sites/${SITE}`)).status).toBe(404);
    // Its keys went with it: on any host the key is no key.
    const stock = await fetchSite("harbour-city-motors", "/api/stock/vehicles", { headers: { authorization: `Bearer ${writeKey}` } });
    expect(stock.status).toBe(401);
  });

  it("made again under the same slug, the site searches its own new stock, never the deleted site's", async () => {
    const create = () => {
      const created = siteCommand("create", "examples/sites/seventh-dealer.yaml");
      expect(created.ok, created.out).toBe(true);
      return (JSON.parse(created.out) as { keys: { key: string }[] }).keys[0]?.key ?? "";
    };
    const stockVersion = () => query<{ version: number }>(`SELECT version FROM stock_versions WHERE site = '${SITE}'`)[0]?.version ?? 0;
    const first = await aCar("SAM002");
    expect((await stockBatch(create(), { upsert: [first], delete: [] })).status).toBe(200);
    await expect.poll(async () => (await search(SITE)).hits.map((hit) => hit.stocknum), { timeout: 10_000 }).toEqual(["SAM002"]);
    // The search index now holds the site at this version.
    const held = stockVersion();
    expect((await operatorApi("DELETE", `/sites/${SITE}`)).status).toBe(200);

    // Made again, its stock written up to the version the index holds for the deleted site, with no search between.
    const key = create();
    const car = await aCar("SAM003");
    do expect((await stockBatch(key, { upsert: [{ ...car, price: Number(car.price) + stockVersion() }], delete: [] })).status).toBe(200);
    while (stockVersion() < held);
    await expect.poll(async () => (await search(SITE)).hits.map((hit) => hit.stocknum), { timeout: 10_000 }).toEqual(["SAM003"]);
    expect(await (await fetchSite(SITE, "/search")).text()).not.toContain("SAM002");
  });
});
