import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { newClient } from "../support/accounts";
import { query } from "../support/db";
import { enquiry, postLead } from "../support/leads";
import { fetchSite, siteUrl } from "../support/platform";
import { postDealerForm, signedInStaff } from "../support/staff";

/**
 * Issue 31: a staff member of one site never reads or changes another site's leads, staff, settings, audit log or
 * insights, through the console's pages or the APIs they call: not with their own cookie on the other site's host
 * (a cookie swap), nor on their own host naming the other site's records. Every such request is refused (a sign-in
 * again for a session this site does not know; 400, 403 or 404 for a record or scope that is not its own) and no
 * answer carries the other site's marker records, which the test wrote itself.
 */
const HOME = "harbour-city-motors";
const OTHER = "metro-certified";

const firstDealership = (site: string) => query<{ id: number; slug: string }>(`SELECT id, slug FROM dealerships WHERE site = '${site}' ORDER BY id LIMIT 1`)[0] as { id: number; slug: string };
const firstLocation = (site: string, dealership: number) => query<{ id: number }>(`SELECT id FROM locations WHERE site = '${site}' AND dealership_id = ${dealership} ORDER BY id LIMIT 1`)[0]?.id;
const origin = (site: string) => siteUrl(site, "").replace(/\/$/, "");

/** A refusal: sign in again (a session this host's site does not know), or 400/401/403/404. */
function expectRefused(response: Response, what: string) {
  if (response.status === 303) expect(response.headers.get("location"), what).toMatch(/^\/dealer\/sign-in/);
  else expect([400, 401, 403, 404], `${what}: ${response.status}`).toContain(response.status);
}

describe("a staff member of one site and another site's console", () => {
  const home = firstDealership(HOME);
  const other = firstDealership(OTHER);
  // Records only the other site has, which no answer to the home site's staff may carry.
  const marker = `Cross-site marker ${randomUUID().slice(0, 8)}`;
  let homeAdmin = { email: "", cookie: "" };
  let otherAdmin = { email: "", cookie: "" };
  let otherLead = 0;
  let homeLead = 0;

  beforeAll(async () => {
    homeAdmin = await signedInStaff(HOME, home.slug, "admin");
    otherAdmin = await signedInStaff(OTHER, other.slug, "admin");
    const lead = (site: string, dealership: number) =>
      postLead(site, enquiry({ form: "contact" }, { category: "General Enquiry", location: String(firstLocation(site, dealership)), message: marker, terms_conditions: true }), { "idempotency-key": randomUUID() });
    otherLead = ((await (await lead(OTHER, other.id)).json()) as { lead_id: number }).lead_id;
    homeLead = ((await (await lead(HOME, home.id)).json()) as { lead_id: number }).lead_id;
    expect(otherLead).toBeGreaterThan(0);
    expect(homeLead).toBeGreaterThan(0);
  }, 90_000);

  const otherStocknum = () => query<{ stocknum: string }>(`SELECT stocknum FROM vehicles WHERE site = '${OTHER}' AND status = 'in_stock' ORDER BY id LIMIT 1`)[0]?.stocknum ?? "";
  /** The other site's car's photo list as stored, to see that nothing changed it. */
  const otherPhotos = (stocknum: string) => query<{ images: string }>(`SELECT json_extract(data, '$.images') AS images FROM vehicles WHERE site = '${OTHER}' AND stocknum = '${stocknum}'`)[0]?.images;
  const leaks = (body: string) => [marker, otherAdmin.email, `lead ${otherLead}`].filter((text) => body.includes(text));

  it("the home site's cookie on the other site's host reads and changes nothing there", { timeout: 120_000 }, async () => {
    const headers = { cookie: homeAdmin.cookie, ...newClient() };
    const stocknum = otherStocknum();
    for (const path of [
      "/dealer/leads",
      "/dealer/leads?format=csv",
      "/dealer/staff",
      "/dealer/config",
      "/dealer/audit",
      "/dealer/insights",
      "/dealer/insights.csv",
      "/dealer/stock",
      `/dealer/stock/${stocknum}`,
      `/api/stock/vehicles/${stocknum}/photos`,
      "/api/leads?words=1",
      "/api/leads?format=csv",
    ]) {
      const response = await fetchSite(OTHER, path, { headers });
      expectRefused(response, `GET ${path}`);
      const body = await response.text();
      expect(leaks(body), path).toEqual([]);
      expect(body, path).not.toContain(otherStocknum());
    }
    const version = query<{ config_version: number }>(`SELECT config_version FROM sites WHERE slug = '${OTHER}'`)[0]?.config_version;
    const posts: [string, Record<string, string>][] = [
      ["/dealer/config", { action: "publish", "labels.soldLabel": "TAKEN" }],
      ["/dealer/config", { action: "rollback", version: "1" }],
      ["/dealer/leads", { lead_id: String(otherLead), status: "lost", note: "swapped" }],
      ["/dealer/staff", { email: `intruder-${randomUUID().slice(0, 8)}@staff.example`, role: "admin", name: "Intruder" }],
      [`/dealer/stock/${stocknum}/photos/0`, { action: "delete" }],
      [`/dealer/stock/${stocknum}/photos/0`, { action: "alt", alt: marker }],
    ];
    const photosBefore = otherPhotos(stocknum);
    for (const [path, fields] of posts) {
      const response = await postDealerForm(OTHER, path, fields, homeAdmin.cookie);
      expectRefused(response, `POST ${path}`);
      expect(leaks(await response.text()), path).toEqual([]);
    }
    const api = (path: string, method: string, body: unknown) =>
      fetchSite(OTHER, path, { method, headers: { ...headers, "content-type": "application/json", origin: origin(OTHER) }, body: JSON.stringify(body) });
    expectRefused(await api(`/api/leads/${otherLead}`, "PATCH", { status: "lost" }), "PATCH /api/leads");
    expectRefused(await api(`/api/leads/${otherLead}/replies`, "POST", { message: "swapped" }), "POST replies");
    expectRefused(await api("/api/staff/invitations", "POST", { dealership: other.slug, email: `intruder-${randomUUID().slice(0, 8)}@staff.example`, role: "admin" }), "POST invitations");
    expectRefused(await api(`/api/stock/vehicles/${stocknum}/photos/0`, "PATCH", { alt: marker }), "PATCH the other site's photo");
    expectRefused(await api(`/api/stock/vehicles/${stocknum}/photos/0`, "DELETE", undefined), "DELETE the other site's photo");
    expectRefused(await api(`/api/stock/vehicles/${stocknum}/photos/order`, "PUT", { order: [0] }), "PUT the other site's photo order");
    // Nothing changed there.
    expect(otherPhotos(stocknum)).toBe(photosBefore);
    expect(query<{ status: string }>(`SELECT status FROM leads WHERE id = ${otherLead}`)[0]?.status).toBe("new");
    expect(query<{ n: number }>(`SELECT COUNT(*) AS n FROM lead_notes WHERE lead_id = ${otherLead}`)[0]?.n ?? 0).toBe(0);
    expect(query<{ n: number }>(`SELECT COUNT(*) AS n FROM staff_members WHERE site = '${OTHER}' AND email LIKE 'intruder-%'`)[0]?.n).toBe(0);
    expect(query<{ config_version: number }>(`SELECT config_version FROM sites WHERE slug = '${OTHER}'`)[0]?.config_version).toBe(version);
  });

  it("on their own host, naming the other site's lead, dealership or settings version reaches nothing of it", { timeout: 120_000 }, async () => {
    const headers = { cookie: homeAdmin.cookie, ...newClient() };
    const own = (path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) => fetchSite(HOME, path, { ...init, headers: { ...headers, ...init.headers } });
    // Their own pages answer, with their own lead, and none of the other site's records.
    for (const path of ["/dealer/leads", "/dealer/leads?format=csv", "/dealer/staff", "/dealer/config", "/dealer/audit", "/dealer/insights", "/dealer/insights.csv", "/api/leads?words=1"]) {
      const response = await own(path);
      expect(response.status, path).toBe(200);
      const body = await response.text();
      expect(body.includes(otherAdmin.email), path).toBe(false);
      if (path.includes("leads")) expect(body, path).toContain(marker);
      // The other site's lead is in no list: by its id in the JSON, its card's anchor, or a CSV row.
      if (path.startsWith("/api/")) expect(((JSON.parse(body) as { leads: { id: number }[] }).leads ?? []).map((lead) => lead.id), path).not.toContain(otherLead);
      expect(body.includes(`id="lead-${otherLead}"`) || body.startsWith(`${otherLead},`) || body.includes(`\r\n${otherLead},`), path).toBe(false);
    }
    expectRefused(await own(`/dealer/insights?dealership=${other.slug}`), "insights of the other site's dealership");
    expectRefused(await own(`/dealer/insights.csv?dealership=${other.slug}`), "insights CSV of the other site's dealership");
    const latest = query<{ version: number }>(`SELECT MAX(version) AS version FROM site_config_versions WHERE site = '${OTHER}'`)[0]?.version ?? 0;
    const homeLatest = query<{ version: number }>(`SELECT MAX(version) AS version FROM site_config_versions WHERE site = '${HOME}'`)[0]?.version ?? 0;
    if (latest > homeLatest) expectRefused(await postDealerForm(HOME, "/dealer/config", { action: "rollback", version: String(latest) }, homeAdmin.cookie), "rollback to the other site's version");
    expectRefused(await postDealerForm(HOME, "/dealer/leads", { lead_id: String(otherLead), status: "lost", note: "reached across" }, homeAdmin.cookie), "console update of the other site's lead");
    const api = (path: string, method: string, body: unknown) => own(path, { method, headers: { "content-type": "application/json", origin: origin(HOME) }, body: JSON.stringify(body) });
    // The other site's car, and its photo by hash, on the home host: 404, as a car this dealership does not have.
    const stocknum = otherStocknum();
    const photos = otherPhotos(stocknum);
    const hash = /photos\/([0-9a-f]{64})/.exec(photos ?? "")?.[1] ?? "0".repeat(64);
    expect((await own(`/dealer/stock/${stocknum}`)).status).toBe(404);
    expect((await own(`/api/stock/vehicles/${stocknum}/photos`)).status).toBe(404);
    expect((await postDealerForm(HOME, `/dealer/stock/${stocknum}/photos/${hash}`, { action: "delete" }, homeAdmin.cookie)).status).toBe(404);
    // A home car that does not show that hash itself: the demo's sites load the same photographs, so the same bytes
    // have the same hash on both, and a home car showing it rightly finds its own site's copy.
    const homeCar =
      query<{ stocknum: string }>(
        `SELECT stocknum FROM vehicles WHERE dealership_id = ${home.id} AND instr(COALESCE(json_extract(data, '$.images'), ''), '${hash}') = 0 ORDER BY id LIMIT 1`,
      )[0]?.stocknum ?? "";
    expect(homeCar).not.toBe("");
    expect((await api(`/api/stock/vehicles/${homeCar}/photos/${hash}`, "PATCH", { alt: marker })).status).toBe(404);
    expect((await api(`/api/stock/vehicles/${homeCar}/photos/${hash}`, "DELETE", undefined)).status).toBe(404);
    expect((await api(`/api/stock/vehicles/${stocknum}/photos/0`, "PATCH", { alt: marker })).status).toBe(404);
    expect(otherPhotos(stocknum)).toBe(photos);
    expectRefused(await api(`/api/leads/${otherLead}`, "PATCH", { status: "lost" }), "PATCH the other site's lead");
    expectRefused(await api(`/api/leads/${otherLead}/replies`, "POST", { message: "reached across" }), "reply to the other site's lead");
    expectRefused(await api("/api/staff/invitations", "POST", { dealership: other.slug, email: `intruder-${randomUUID().slice(0, 8)}@staff.example`, role: "admin" }), "invite to the other site's dealership");
    expect(query<{ status: string }>(`SELECT status FROM leads WHERE id = ${otherLead}`)[0]?.status).toBe("new");
    expect(query<{ n: number }>(`SELECT COUNT(*) AS n FROM lead_notes WHERE lead_id = ${otherLead}`)[0]?.n ?? 0).toBe(0);
    expect(query<{ n: number }>(`SELECT COUNT(*) AS n FROM staff_members WHERE email LIKE 'intruder-%'`)[0]?.n).toBe(0);
    // And the other site's own admin still sees its lead as it was.
    const theirs = await fetchSite(OTHER, "/api/leads?words=1", { headers: { cookie: otherAdmin.cookie, ...newClient() } });
    expect(theirs.status).toBe(200);
    expect(await theirs.text()).toContain(marker);
  });
});
