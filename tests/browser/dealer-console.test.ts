import { randomUUID } from "node:crypto";
import { COLOUR_MESSAGE } from "@dealer/shared/config";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { query } from "../support/db";
import { enquiry, postLead } from "../support/leads";
import { launchChromium, siteUrl } from "../support/platform";
import { CONSOLE_SITES, checkConsolePage, consolePage, newStaffEmail } from "../support/staff";

/**
 * Issue 31: the dealer console (mf-dealer) on a single dealership and on a group, as an admin, a salesperson and a
 * read-only member, on a phone's width: every page passes axe and never scrolls sideways; the inbox works the lead
 * the test sent, its CSV carries the note the test wrote; a refused settings form keeps every typed value with each
 * problem beside its field; the audit log filters.
 */

const locationOf = (site: string) =>
  query<{ id: number; dealership: string }>(`SELECT l.id, d.slug AS dealership FROM locations l JOIN dealerships d ON d.id = l.dealership_id WHERE l.site = '${site}' ORDER BY l.id LIMIT 1`)[0];

describe("the dealer console (mf-dealer) in Chromium at a phone's width", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const { site, group } of CONSOLE_SITES) {
    const location = locationOf(site);
    if (!location) throw new Error(`no location on ${site}`);

    it(`${site}${group ? " (a group)" : ""}: a salesperson works the test's lead; the inbox's CSV carries the note; a read-only member only reads`, { timeout: 180_000 }, async () => {
      const message = `Console test ${randomUUID().slice(0, 8)}`;
      const posted = await postLead(site, enquiry({ form: "contact" }, { category: "General Enquiry", location: String(location.id), message, terms_conditions: true }), { "idempotency-key": randomUUID() });
      expect(posted.status).toBe(201);
      const leadId = ((await posted.json()) as { lead_id: number }).lead_id;

      const sales = await consolePage(browser, site, location.dealership, "salesperson");
      const nav = sales.page.getByRole("navigation", { name: "Dealer pages" });
      expect(await nav.getByRole("link").allTextContents()).toEqual(["Leads", "Insights", "Stock"]);
      const card = sales.page.locator(`#lead-${leadId}`);
      await card.waitFor();
      await checkConsolePage(sales.page);
      expect(await card.textContent()).toContain(message);
      const note = `Called back ${randomUUID().slice(0, 8)}, "quoted", twice`;
      await card.getByLabel("Status").selectOption("contacted");
      await card.getByLabel("Add a note").fill(note);
      await card.getByRole("button", { name: "Save" }).click();
      await sales.page.locator(`#lead-${leadId} [data-lead-status="contacted"]`).waitFor();
      expect(await sales.page.locator(`#lead-${leadId}`).getByRole("region", { name: "Notes" }).textContent()).toContain(note);

      // The CSV: the lead's row carries the note, by its author, in the staff_notes column.
      const csv = await sales.page.evaluate(async (path) => (await fetch(path)).text(), "/dealer/leads?format=csv");
      const [header = "", ...rows] = csv.split("\r\n");
      const notesColumn = header.split(",").indexOf("staff_notes");
      expect(notesColumn).toBeGreaterThan(0);
      const row = rows.find((line) => line.startsWith(`${leadId},`)) ?? "";
      expect(row).toContain(`${sales.email}: ${note.replace(/"/g, '""')}`);
      // A filter the inbox does not know is a 400 naming it, not a quiet default.
      const refused = await sales.page.goto(siteUrl(site, "/dealer/leads?lead_status=gone"));
      expect(refused?.status()).toBe(400);
      expect(await sales.page.getByRole("alert").textContent()).toMatch(/^1 problem; nothing was saved:Status: /);
      expect(await sales.page.locator("#inbox-lead-status").getAttribute("aria-invalid")).toBe("true");

      const reader = await consolePage(browser, site, location.dealership, "read-only");
      await reader.page.locator(`#lead-${leadId}`).waitFor();
      await checkConsolePage(reader.page);
      expect(await reader.page.locator(`#lead-${leadId} form`).count()).toBe(0);
      expect((await reader.page.goto(siteUrl(site, "/dealer/staff")))?.status()).toBe(403);
      await sales.page.context().close();
      await reader.page.context().close();
    });

    it(`${site}${group ? " (a group)" : ""}: an admin's refused settings keep every typed value, each problem beside its field in plain words; staff and audit pages`, { timeout: 180_000 }, async () => {
      const admin = await consolePage(browser, site, location.dealership, "admin");
      await checkConsolePage(admin.page);
      const version = query<{ config_version: number }>(`SELECT config_version FROM sites WHERE slug = '${site}'`)[0]?.config_version;

      await admin.page.getByRole("link", { name: "Configuration" }).click();
      await admin.page.locator("#config-home-heroText").waitFor();
      await checkConsolePage(admin.page);
      // Theme colours are colour pickers.
      expect(await admin.page.locator("#config-theme-primary").getAttribute("type")).toBe("color");
      const typed = { hero: `Hero ${randomUUID().slice(0, 8)}`, hits: "lots", makes: '["Holden"', sold: "S".repeat(101) };
      await admin.page.locator("#config-home-heroText").fill(typed.hero);
      await admin.page.locator("#config-search-hitsPerPage").fill(typed.hits);
      // A JSON field (phone numbers are rows since ADR 0078; excluded makes are still a JSON list).
      await admin.page.locator("#config-search-excludedMakes").fill(typed.makes);
      await admin.page.locator("#config-labels-soldLabel").fill(typed.sold);
      await admin.page.getByRole("button", { name: "Publish", exact: true }).click();
      await admin.page.locator('[data-field-error="search.hitsPerPage"]').waitFor();

      // Every typed value is back as typed, the valid edit too; each bad field is marked and explained beside it.
      expect(await admin.page.locator("#config-home-heroText").inputValue()).toBe(typed.hero);
      expect(await admin.page.locator("#config-search-hitsPerPage").inputValue()).toBe(typed.hits);
      expect(await admin.page.locator("#config-search-excludedMakes").inputValue()).toBe(typed.makes);
      expect(await admin.page.locator("#config-labels-soldLabel").inputValue()).toBe(typed.sold);
      for (const path of ["search.hitsPerPage", "search.excludedMakes", "labels.soldLabel"]) {
        const id = `#config-${path.replace(/\./g, "-")}`;
        expect(await admin.page.locator(id).getAttribute("aria-invalid"), path).toBe("true");
        expect(await admin.page.locator(`${id}-error`).textContent(), path).not.toMatch(/pattern|\/\^|Invalid input|expected/);
      }
      expect(await admin.page.locator("#config-home-heroText").getAttribute("aria-invalid")).toBeNull();
      expect(await admin.page.locator('[data-field-error="search.hitsPerPage"]').textContent()).toBe("Enter a number.");
      expect(await admin.page.locator('[data-field-error="search.excludedMakes"]').textContent()).toMatch(/not valid JSON/);
      await checkConsolePage(admin.page);
      expect(query<{ config_version: number }>(`SELECT config_version FROM sites WHERE slug = '${site}'`)[0]?.config_version).toBe(version);
      // The colour rule in words a dealer reads (a picker cannot send a bad colour; a hand-made post can).
      const colour = await admin.page.evaluate(async () => {
        const form = new URLSearchParams({ action: "preview", "theme.primary": "blue" });
        return (await fetch("/dealer/config", { method: "POST", body: form })).text();
      });
      expect(colour).toContain(`theme.primary: ${COLOUR_MESSAGE}`);

      // Staff: a bad invitation keeps what was typed and marks the field.
      await admin.page.getByRole("link", { name: "Staff" }).click();
      await admin.page.locator("#invite-email").waitFor();
      await checkConsolePage(admin.page);
      await admin.page.locator("#invite-name").fill("N".repeat(101));
      await admin.page.locator("#invite-email").fill(newStaffEmail("long"));
      await admin.page.getByRole("button", { name: "Invite" }).click();
      await admin.page.locator("#invite-name-error").waitFor();
      expect(await admin.page.locator("#invite-name").inputValue()).toBe("N".repeat(101));
      expect(await admin.page.locator("#invite-name").getAttribute("aria-invalid")).toBe("true");

      // Audit log: filtered to the refusals, then a bad date named.
      await admin.page.goto(siteUrl(site, "/dealer/audit?action=refused"));
      await checkConsolePage(admin.page);
      const actions = await admin.page.locator("[data-audit-action]").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-audit-action")));
      expect(actions.length).toBeGreaterThanOrEqual(2);
      expect(new Set(actions)).toEqual(new Set(["refused"]));
      const bad = await admin.page.goto(siteUrl(site, "/dealer/audit?from=yesterday"));
      expect(bad?.status()).toBe(400);
      expect(await admin.page.locator("#audit-from").getAttribute("aria-invalid")).toBe("true");
      await admin.page.context().close();
    });
  }
});
