import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { SiteConfig } from "@dealer/shared/config";
import { cardWeeklyAmount, siteSearchFilters } from "@dealer/shared/rules";
import { query } from "../support/db";
import { demoConfig } from "../support/finance";
import { searchCars } from "../support/finance-cars";
import { emailOutbox } from "../support/accounts";
import { enquiry, postLead } from "../support/leads";
import { fetchSite } from "../support/platform";
import { demoStaffAdminEmail, inviteByOperator, newStaffEmail, postDealerForm, signedInStaff, staffCodeFromOutbox, staffSignIn } from "../support/staff";

const SITE = "summit-auto-group";
const TOYOTA = "summit-toyota-brisbane";
const MAZDA = "summit-mazda-parramatta";
const locations = query<{ id: number; dealership: string }>(
  `SELECT l.id, d.slug AS dealership FROM locations l JOIN dealerships d ON d.id = l.dealership_id WHERE l.site = '${SITE}' AND d.slug IN ('${TOYOTA}', '${MAZDA}') ORDER BY l.id`,
);
const locationOf = (dealership: string) => String(locations.find((row) => row.dealership === dealership)?.id);
const page = (path: string, cookie: string) => fetchSite(SITE, path, { headers: { cookie } });
const auditActions = async (cookie: string, site = SITE) => [...(await (await fetchSite(site, "/dealer/audit", { headers: { cookie } })).text()).matchAll(/data-audit-action="([^"]+)"/g)].map((match) => match[1]);

async function postLeadFor(dealership: string): Promise<number> {
  const answer = await postLead(SITE, enquiry({ form: "contact" }, { category: "General Enquiry", location: locationOf(dealership), message: `for ${dealership}`, terms_conditions: true }), { "idempotency-key": randomUUID() });
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { lead_id: number }).lead_id;
}

describe("staff invitations (operator API)", () => {
  it("invites by e-mail with the operator key; the mail says where to sign in", async () => {
    const email = newStaffEmail("sales");
    const answer = await inviteByOperator(SITE, { dealership: TOYOTA, email, role: "salesperson", name: "Sam Sales" });
    expect(answer.status).toBe(201);
    expect(await answer.json()).toMatchObject({ mailed: true });
    const [mail] = await emailOutbox(SITE, email);
    expect(mail?.subject).toContain("invited");
    expect(mail?.body).toContain(`/dealer/sign-in?email=${encodeURIComponent(email)}`);
  });

  it("refuses a wrong key (401), bad fields each by name (400), an unknown dealership and a second invitation of the same address", async () => {
    expect((await inviteByOperator(SITE, { dealership: TOYOTA, email: newStaffEmail("x"), role: "admin" }, "write-summit-toyota-brisbane")).status).toBe(401);
    const bad = await inviteByOperator(SITE, { dealership: TOYOTA, email: "not-an-address", role: "boss", extra: 1 });
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors).sort()).toEqual(["(root)", "email", "role"]);
    const unknown = await inviteByOperator(SITE, { dealership: "harbour-city-motors", email: newStaffEmail("x"), role: "admin" });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ fieldErrors: { dealership: [expect.stringContaining("No dealership")] } });
    const email = newStaffEmail("twice");
    expect((await inviteByOperator(SITE, { dealership: TOYOTA, email, role: "read-only" })).status).toBe(201);
    expect((await inviteByOperator(SITE, { dealership: MAZDA, email, role: "admin" })).status).toBe(409);
  });
});

describe("staff sign-in by e-mailed code", () => {
  it("signs the demo admin in: a __Host- cookie, Secure, HttpOnly, SameSite=Strict; a wrong code is refused", async () => {
    const email = demoStaffAdminEmail(TOYOTA);
    expect((await postDealerForm(SITE, "/dealer/sign-in", { email })).status).toBe(200);
    const code = await staffCodeFromOutbox(SITE, email);
    const wrong = await postDealerForm(SITE, "/dealer/sign-in/verify", { email, code: code === "000000" ? "111111" : "000000" });
    expect(wrong.status).toBe(400);
    expect(wrong.headers.get("set-cookie")).toBeNull();
    const right = await postDealerForm(SITE, "/dealer/sign-in/verify", { email, code });
    expect(right.status).toBe(303);
    expect(right.headers.get("location")).toBe("/dealer/leads");
    const cookie = right.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^__Host-staff=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=28800; Secure; HttpOnly; SameSite=Strict$/);
    // A code works once.
    expect((await postDealerForm(SITE, "/dealer/sign-in/verify", { email, code })).status).toBe(400);
  });

  it("answers an address that is not staff as it answers one that is, and mails it nothing", async () => {
    const stranger = newStaffEmail("stranger");
    const answer = await postDealerForm(SITE, "/dealer/sign-in", { email: stranger });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("If that address belongs to staff of this site");
    expect(await emailOutbox(SITE, stranger)).toEqual([]);
  });

  it("keeps the inbox from anyone not signed in, and from an old dealership-key cookie; a session of another site is no session here", async () => {
    const anonymous = await fetchSite(SITE, "/dealer/leads");
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get("location")).toBe("/dealer/sign-in?next=%2Fdealer%2Fleads");
    expect((await page("/dealer/leads", "dealer_inbox_key=write-summit-toyota-brisbane")).status).toBe(303);
    const harbour = await staffSignIn("harbour-city-motors", demoStaffAdminEmail("harbour-city-motors"));
    expect((await page("/dealer/leads", harbour)).status).toBe(303);
    expect((await postDealerForm(SITE, "/dealer/leads", { lead_id: "1", status: "lost" }, "dealer_inbox_key=write-summit-toyota-brisbane")).status).toBe(401);
  });

  it("refuses a cross-site post to the dealer pages even with a session", async () => {
    const admin = await staffSignIn(SITE, demoStaffAdminEmail(MAZDA));
    for (const path of ["/dealer/leads", "/dealer/config", "/dealer/staff"]) {
      const answer = await fetchSite(SITE, path, { method: "POST", headers: { cookie: admin, origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" }, body: "lead_id=1&status=lost&action=publish" });
      expect(answer.status).toBe(403);
    }
  });

  it("mails an address at most 5 codes an hour, whichever clients ask", async () => {
    const email = newStaffEmail("flooded");
    expect((await inviteByOperator(SITE, { dealership: TOYOTA, email, role: "read-only" })).status).toBe(201);
    for (let i = 0; i < 7; i++) expect((await postDealerForm(SITE, "/dealer/sign-in", { email })).status).toBe(200);
    const codes = (await emailOutbox(SITE, email)).filter((mail) => mail.subject.includes("sign-in code"));
    expect(codes).toHaveLength(5);
  });
});

describe("roles and dealerships", () => {
  it("shows staff only their own dealership's leads", async () => {
    const [toyotaLead, mazdaLead] = [await postLeadFor(TOYOTA), await postLeadFor(MAZDA)];
    const toyota = await signedInStaff(SITE, TOYOTA, "read-only");
    const inbox = await (await page("/dealer/leads", toyota.cookie)).text();
    expect(inbox).toContain(`id="lead-${toyotaLead}"`);
    expect(inbox).not.toContain(`id="lead-${mazdaLead}"`);
    const csv = await (await page("/dealer/leads?format=csv", toyota.cookie)).text();
    expect(csv).toContain(`\r\n${toyotaLead},`);
    expect(csv).not.toContain(`\r\n${mazdaLead},`);
  });

  it("lets a salesperson change a lead's status (audited) but not publish configuration or invite", async () => {
    const lead = await postLeadFor(TOYOTA);
    const sales = await signedInStaff(SITE, TOYOTA, "salesperson");
    expect((await postDealerForm(SITE, "/dealer/leads", { lead_id: String(lead), status: "contacted", note: "Rang back" }, sales.cookie)).status).toBe(303);
    expect(await (await page("/dealer/leads?lead_status=contacted", sales.cookie)).text()).toContain(`id="lead-${lead}"`);
    expect((await page("/dealer/config", sales.cookie)).status).toBe(403);
    expect((await postDealerForm(SITE, "/dealer/config", { action: "publish", "labels.soldLabel": "SOLD BY SALES" }, sales.cookie)).status).toBe(403);
    expect((await postDealerForm(SITE, "/dealer/staff", { email: newStaffEmail("x"), role: "admin" }, sales.cookie)).status).toBe(403);
    const audit = query<{ actor: string; detail: string }>(`SELECT actor, detail FROM audit_log WHERE action = 'lead.status' AND subject = 'lead ${lead}'`);
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actor).toContain(sales.email);
    expect(JSON.parse(audit[0]?.detail ?? "{}")).toEqual({ from: "new", to: "contacted" });
  });

  it("lets read-only staff see leads but not change their status", async () => {
    const lead = await postLeadFor(TOYOTA);
    const reader = await signedInStaff(SITE, TOYOTA, "read-only");
    const inbox = await (await page("/dealer/leads", reader.cookie)).text();
    expect(inbox).toContain(`id="lead-${lead}"`);
    expect(inbox).not.toContain(`aria-label="Update lead ${lead}"`);
    expect((await postDealerForm(SITE, "/dealer/leads", { lead_id: String(lead), status: "lost" }, reader.cookie)).status).toBe(403);
    expect(query<{ status: string }>(`SELECT status FROM leads WHERE id = ${lead}`)[0]?.status).toBe("new");
  });

  it("lets an admin invite to their own dealership; the audit log lists the sign-ins, the invitation and status changes", async () => {
    const admin = await signedInStaff(SITE, MAZDA, "admin");
    const email = newStaffEmail("invited");
    const invited = await postDealerForm(SITE, "/dealer/staff", { email, role: "salesperson", name: "New Seller" }, admin.cookie);
    expect(invited.status).toBe(200);
    expect(await invited.text()).toContain(email);
    expect(query<{ dealership: string; role: string }>(`SELECT d.slug AS dealership, m.role FROM staff_members m JOIN dealerships d ON d.id = m.dealership_id WHERE m.email = '${email}'`)).toEqual([
      { dealership: MAZDA, role: "salesperson" },
    ]);
    const refused = await postDealerForm(SITE, "/dealer/staff", { email: "nope", role: "owner" }, admin.cookie);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("2 problems; nothing was saved");
    const actions = await auditActions(admin.cookie);
    expect(actions).toContain("staff.sign_in");
    expect(actions).toContain("staff.invite");
  });
});

describe("configuration without a redeploy", () => {
  const HARBOUR = "harbour-city-motors";
  const home = async (cookie = "") => (await fetchSite(HARBOUR, "/", cookie ? { headers: { cookie } } : {})).text();
  const version = () => query<{ config_version: number }>(`SELECT config_version FROM sites WHERE slug = '${HARBOUR}'`)[0]?.config_version ?? -1;
  const stockVersion = () => query<{ version: number }>(`SELECT version FROM stock_versions WHERE site = '${HARBOUR}'`)[0]?.version ?? 0;
  /** Until the gateway shows `text` (its tenant cache follows a publish within seconds). */
  async function eventuallyShows(text: string, cookie = "", shown = true): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < 15_000) {
      if ((await home(cookie)).includes(text) === shown) return Date.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`the home page ${shown ? "never showed" : "still shows"} ${text}`);
  }

  it("refuses invalid configuration with each field's error and writes nothing; previews a draft to its admin only; publishes a version; rolls back", { timeout: 90_000 }, async () => {
    const admin = await staffSignIn(HARBOUR, demoStaffAdminEmail(HARBOUR));
    const before = version();
    const form = await (await fetchSite(HARBOUR, "/dealer/config", { headers: { cookie: admin } })).text();
    expect(form).toContain('data-config-field="theme.primary"');
    expect(form).toContain("Default: #1f3a5f");

    const invalid = await postDealerForm(HARBOUR, "/dealer/config", { action: "publish", "theme.primary": "blue", "search.hitsPerPage": "lots", "theme.logoText": "Half Applied" }, admin);
    expect(invalid.status).toBe(400);
    const invalidPage = await invalid.text();
    expect(invalidPage).toContain('data-field-error="search.hitsPerPage"');
    const schemaInvalid = await postDealerForm(HARBOUR, "/dealer/config", { action: "publish", "theme.primary": "blue", "theme.logoText": "Half Applied" }, admin);
    expect(schemaInvalid.status).toBe(400);
    expect(await schemaInvalid.text()).toContain('data-field-error="theme.primary"');
    expect(version()).toBe(before);
    expect(await home()).not.toContain("Half Applied");

    const heroText = `Preview ${randomUUID().slice(0, 8)}`;
    const preview = await postDealerForm(HARBOUR, "/dealer/config", { action: "preview", "home.heroText": heroText }, admin);
    expect(preview.status).toBe(200);
    const previewCookie = (preview.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect(previewCookie).toMatch(/^__Host-config-preview=\d+$/);
    const previewed = await fetchSite(HARBOUR, "/", { headers: { cookie: `${admin}; ${previewCookie}` } });
    expect(previewed.headers.get("x-config-preview")).toBe("draft");
    expect(await previewed.text()).toContain(heroText);
    // The cookie alone (another browser, or another staff member's session) shows the published site.
    expect(await home(previewCookie)).not.toContain(heroText);
    const otherAdmin = await signedInStaff(HARBOUR, HARBOUR, "admin");
    expect(await home(`${otherAdmin.cookie}; ${previewCookie}`)).not.toContain(heroText);
    expect(await home()).not.toContain(heroText);
    expect(version()).toBe(before);

    const stockBefore = stockVersion();
    const published = await postDealerForm(HARBOUR, "/dealer/config", { action: "publish", "home.heroText": heroText }, admin);
    expect(published.status).toBe(200);
    expect(await published.text()).toContain(`Published as version ${before + 1}`);
    expect(version()).toBe(before + 1);
    // Nothing the search records hold changed: the site's indexes keep what they have (ADR 0055).
    expect(stockVersion()).toBe(stockBefore);
    const seenAfter = await eventuallyShows(heroText);
    expect(seenAfter).toBeLessThan(10_000);
    // The remotes read the published configuration too (mf-forms' lead API resolves the site from the same row).
    expect(query<{ config: string }>(`SELECT config FROM site_config_versions WHERE site = '${HARBOUR}' AND version = ${before + 1}`)[0]?.config).toContain(heroText);

    const rollback = await postDealerForm(HARBOUR, "/dealer/config", { action: "rollback", version: String(before) }, admin);
    expect(rollback.status).toBe(200);
    expect(version()).toBe(before + 2);
    await eventuallyShows(heroText, "", false);
    const actions = await auditActions(admin, HARBOUR);
    expect(actions).toContain("config.publish");
    expect(actions).toContain("config.rollback");
  });

  it("a finance publish reaches the search records: the weekly repayment filter follows it, and follows the rollback", { timeout: 90_000 }, async () => {
    const admin = await staffSignIn(HARBOUR, demoStaffAdminEmail(HARBOUR));
    const config = demoConfig(HARBOUR);
    const now = new Date();
    const inStock = siteSearchFilters(config, now).map((filter) => `(${filter})`).join(" AND ");
    const cars = await searchCars(HARBOUR, inStock, 1000);
    /** Cars of the make with a weekly figure under a configuration, by the shared rule (what the cards headline). */
    const withFigure = (make: string, finance: SiteConfig["finance"]) =>
      cars.filter((car) => car.make === make && cardWeeklyAmount(car, { ...config, finance }, now) !== null).length;
    const makes = [...new Set(cars.map((car) => car.make))];
    const make = makes.sort((a, b) => withFigure(b, config.finance) - withFigure(a, config.finance))[0]!;
    const excluded = { ...config.finance, excludedManufacturers: [make] };
    expect(withFigure(make, config.finance)).toBeGreaterThan(0);
    // Excluded, the make keeps only its subscriptions' weekly figures (ADR 0063).
    expect(withFigure(make, excluded)).toBeLessThan(withFigure(make, config.finance));
    /** What the search API's weekly filter finds of the make (the index's own figures). */
    const search = async (hitsPerPage: number) => {
      const answer = await fetchSite(HARBOUR, "/1/indexes/Car_production/query", {
        method: "POST",
        headers: { "x-algolia-application-id": "DEALERPLATFORM", "x-algolia-api-key": `search-${HARBOUR}`, "content-type": "application/json" },
        body: JSON.stringify({ filters: `${inStock} AND make:"${make}" AND weekly_price_range > 0`, hitsPerPage }),
      });
      return (await answer.json()) as { nbHits: number; hits: { objectID: string; weekly_price_range: number }[] };
    };
    const filtered = async () => (await search(0)).nbHits;
    expect(await filtered()).toBe(withFigure(make, config.finance));
    // A hit carries the figure its filter compared (the card's).
    const [hit] = (await search(1)).hits;
    const car = cars.find((candidate) => String(candidate.id) === hit?.objectID)!;
    expect(hit?.weekly_price_range).toBe(cardWeeklyAmount(car, config, now));

    const before = version();
    const stockBefore = stockVersion();
    try {
      const published = await postDealerForm(HARBOUR, "/dealer/config", { action: "publish", "finance.excludedManufacturers": JSON.stringify([make]) }, admin);
      expect(published.status).toBe(200);
      expect(stockVersion()).toBe(stockBefore + 1);
      await expect.poll(filtered, { timeout: 10_000 }).toBe(withFigure(make, excluded));
    } finally {
      const rollback = await postDealerForm(HARBOUR, "/dealer/config", { action: "rollback", version: String(before) }, admin);
      expect(rollback.status).toBe(200);
    }
    expect(stockVersion()).toBe(stockBefore + 2);
    await expect.poll(filtered, { timeout: 10_000 }).toBe(withFigure(make, config.finance));
  });
});
