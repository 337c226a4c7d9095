import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { tooLongMessage, tooManyMessage } from "@dealer/shared/contract";
import { query } from "../support/db";
import { operatorApi } from "../support/operator";
import { fetchSite } from "../support/platform";
import { inviteByOperator, newStaffEmail, postDealerForm, signedInStaff } from "../support/staff";

/** Issue 36, goal 4 (ADR 0058): every input has a limit, refused by field; keys audited by id; refusals audited. */
const example = parse(readFileSync(join(import.meta.dirname, "../../examples/sites/seventh-dealer.yaml"), "utf8")) as Record<string, unknown>;
const NEW_SITE = "limits-check-dealer";
const SITES = ["harbour-city-motors", "summit-auto-group"] as const;

type AuditRow = { action: string; actor: string; subject: string | null; detail: string | null; dealership_id: number | null };
const auditRows = (where: string) => query<AuditRow>(`SELECT action, actor, subject, detail, dealership_id FROM audit_log WHERE ${where} ORDER BY id`);
const detailOf = (row: AuditRow | undefined) => JSON.parse(row?.detail ?? "{}") as { attempted?: string; reasons?: string[]; id?: string; name?: string; replacedBy?: string };
/** The newest audit row id: a test reads only the rows written after it. */
const lastAuditId = () => query<{ id: number }>("SELECT COALESCE(MAX(id), 0) AS id FROM audit_log")[0]?.id ?? 0;
const dealershipOf = (site: string) => query<{ slug: string }>(`SELECT slug FROM dealerships WHERE site = '${site}' ORDER BY id LIMIT 1`)[0]?.slug ?? "";

beforeAll(async () => {
  await operatorApi("DELETE", `/sites/${NEW_SITE}`);
});
afterAll(async () => {
  await operatorApi("DELETE", `/sites/${NEW_SITE}`);
});

describe("operator site files have limits", () => {
  it("a 100,000-character site name is a 400 naming name, nothing is written, and the refusal is in the platform's audit log", async () => {
    const since = lastAuditId();
    const answer = await operatorApi("POST", "/sites", { ...example, slug: NEW_SITE, domains: [], name: "x".repeat(100_000) });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { problems: unknown[] }).problems).toEqual([{ path: "name", message: tooLongMessage(100) }]);
    expect(query(`SELECT slug FROM sites WHERE slug = '${NEW_SITE}'`)).toEqual([]);
    const [refusal, ...others] = auditRows(`id > ${since} AND site = 'platform' AND action = 'refused' AND subject = 'site ${NEW_SITE}'`);
    expect(others).toEqual([]);
    expect(refusal?.actor).toBe("operator");
    expect(detailOf(refusal)).toEqual({ attempted: "site.create", reasons: [`name: ${tooLongMessage(100)}`] });
  });

  for (const site of SITES) {
    it(`${site}: an over-long page body and too many domains are a 400 naming each; the site is unchanged`, async () => {
      const before = await (await operatorApi("GET", `/sites/${site}`)).text();
      const pagesBefore = query(`SELECT slug, data FROM site_content WHERE site = '${site}' AND kind = 'page' ORDER BY slug`);
      const file = {
        ...example,
        slug: site,
        domains: Array.from({ length: 21 }, (_, i) => `d${i}.${site}.com.au`),
        pages: [{ path: "/about-us", title: "About us", body: "x".repeat(20_001) }],
      };
      const answer = await operatorApi("PUT", `/sites/${site}`, file);
      expect(answer.status).toBe(400);
      const { message, problems } = (await answer.json()) as { message: string; problems: { path: string; message: string }[] };
      expect(message).toContain("nothing was written");
      expect(problems).toEqual([
        { path: "domains", message: tooManyMessage(20) },
        { path: "pages.0.body", message: tooLongMessage(20_000) },
      ]);
      expect(await (await operatorApi("GET", `/sites/${site}`)).text()).toBe(before);
      expect(query(`SELECT slug, data FROM site_content WHERE site = '${site}' AND kind = 'page' ORDER BY slug`)).toEqual(pagesBefore);
      const refusal = auditRows(`site = 'platform' AND action = 'refused' AND subject = 'site ${site}'`).at(-1);
      expect(detailOf(refusal)).toMatchObject({ attempted: "site.update", reasons: [`domains: ${tooManyMessage(20)}`, `pages.0.body: ${tooLongMessage(20_000)}`] });
    });
  }

  it("an over-long key name is a 400 naming name", async () => {
    const answer = await operatorApi("POST", `/sites/${SITES[0]}/keys`, { name: "k".repeat(101), scopes: ["search"] });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { problems: unknown[] }).problems).toEqual([{ path: "name", message: tooLongMessage(100) }]);
  });
});

describe("the audit log names every key by its id, once per change", () => {
  it("each key site create issues has its key.create entry, by id, written with the site", async () => {
    const answer = await operatorApi("POST", "/sites", { ...example, slug: NEW_SITE, domains: [] });
    expect(answer.status, await answer.clone().text()).toBe(201);
    const { keys } = (await answer.json()) as { keys: { id: string; name: string }[] };
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      const rows = auditRows(`site = '${NEW_SITE}' AND subject = 'key ${key.id}'`);
      expect(rows.map((row) => [row.action, row.actor])).toEqual([["key.create", "operator"]]);
      expect(detailOf(rows[0])).toMatchObject({ id: key.id, name: key.name });
    }
  });

  for (const site of ["outback-trucks", "ridge-motorcycles"]) {
    it(`${site}: a rotation and a revocation each write one entry by id; revoking twice writes one`, async () => {
      const made = await operatorApi("POST", `/sites/${site}/keys`, { name: "limits test feed", scopes: ["stock:write"], dealership: dealershipOf(site) });
      expect(made.status).toBe(201);
      const { record } = (await made.json()) as { record: { id: string } };
      const rotated = await operatorApi("POST", `/keys/${record.id}/rotate`, { overlapSeconds: 0 });
      expect(rotated.status).toBe(200);
      const next = ((await rotated.json()) as { record: { id: string } }).record.id;
      for (let i = 0; i < 2; i++) expect((await operatorApi("POST", `/keys/${next}/revoke`)).status).toBe(200);

      const first = auditRows(`site = '${site}' AND subject = 'key ${record.id}'`);
      expect(first.map((row) => row.action)).toEqual(["key.create", "key.rotate"]);
      expect(detailOf(first[1])).toMatchObject({ id: record.id, replacedBy: next });
      const second = auditRows(`site = '${site}' AND subject = 'key ${next}'`);
      expect(second.map((row) => row.action)).toEqual(["key.revoke"]);
      // No entry names a key by its label any more.
      expect(auditRows(`site = '${site}' AND subject = 'limits test feed'`)).toEqual([]);
    });
  }
});

describe("the dealer console refuses by field and audits every refusal of a signed-in staff member", () => {
  for (const site of SITES) {
    it(`${site}: a refused publish is audited with its reasons and reads in words on the audit page; nothing is published`, async () => {
      const admin = await signedInStaff(site, dealershipOf(site), "admin");
      const version = query<{ config_version: number }>(`SELECT config_version FROM sites WHERE slug = '${site}'`)[0]?.config_version;
      const refused = await postDealerForm(site, "/dealer/config", { action: "publish", "labels.soldLabel": "S".repeat(101), "theme.primary": "blue" }, admin.cookie);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(`labels.soldLabel: ${tooLongMessage(100)}`);
      expect(query<{ config_version: number }>(`SELECT config_version FROM sites WHERE slug = '${site}'`)[0]?.config_version).toBe(version);
      const refusal = auditRows(`site = '${site}' AND action = 'refused' AND actor LIKE '%${admin.email}'`);
      expect(refusal).toHaveLength(1);
      const detail = detailOf(refusal[0]);
      expect(detail.attempted).toBe("config.publish");
      expect(detail.reasons).toEqual(expect.arrayContaining([`labels.soldLabel: ${tooLongMessage(100)}`, expect.stringMatching(/^theme\.primary: /)]));
      const page = await (await fetchSite(site, "/dealer/audit", { headers: { cookie: admin.cookie } })).text();
      expect(page).toContain("refused: config.publish");
      expect(page).toContain(`labels.soldLabel: ${tooLongMessage(100)}`);
    });

    it(`${site}: an action a salesperson's role does not allow is a 403, audited under them`, async () => {
      const sales = await signedInStaff(site, dealershipOf(site), "salesperson");
      expect((await fetchSite(site, "/dealer/config", { headers: { cookie: sales.cookie } })).status).toBe(403);
      expect((await postDealerForm(site, "/dealer/staff", { email: newStaffEmail("x"), role: "admin" }, sales.cookie)).status).toBe(403);
      const rows = auditRows(`site = '${site}' AND action = 'refused' AND actor LIKE '%${sales.email}'`);
      expect(rows.map((row) => [row.subject, detailOf(row).attempted])).toEqual([
        ["GET /dealer/config", "config.publish"],
        ["POST /dealer/staff", "staff.invite"],
      ]);
      expect(detailOf(rows[0]).reasons).toEqual(["the salesperson role does not allow config.publish"]);
    });
  }

  it("an over-long invitation name is a 400 naming name, from the staff page and the operator's API; both refusals audited", async () => {
    const site = SITES[1];
    const admin = await signedInStaff(site, dealershipOf(site), "admin");
    const email = newStaffEmail("long-name");
    const page = await postDealerForm(site, "/dealer/staff", { email, role: "salesperson", name: "N".repeat(101) }, admin.cookie);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain(`name: ${tooLongMessage(100)}`);
    const api = await inviteByOperator(site, { dealership: dealershipOf(site), email, role: "salesperson", name: "N".repeat(101) });
    expect(api.status).toBe(400);
    expect(await api.json()).toMatchObject({ fieldErrors: { name: [tooLongMessage(100)] } });
    expect(query(`SELECT id FROM staff_members WHERE email = '${email}'`)).toEqual([]);
    const refusals = auditRows(`site = '${site}' AND action = 'refused' AND (actor LIKE '%${admin.email}' OR actor = 'operator') AND detail LIKE '%staff.invite%' AND detail LIKE '%name: %'`).slice(-2);
    expect(refusals.map((row) => [row.actor === "operator" ? "operator" : "admin", detailOf(row).reasons])).toEqual([
      ["admin", [`name: ${tooLongMessage(100)}`]],
      ["operator", [`name: ${tooLongMessage(100)}`]],
    ]);
  });

  it("an over-long lead note is a 400 naming note, audited", async () => {
    const site = SITES[0];
    const sales = await signedInStaff(site, dealershipOf(site), "salesperson");
    const answer = await postDealerForm(site, "/dealer/leads", { lead_id: "1", status: "contacted", note: "n".repeat(2001) }, sales.cookie);
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain(`note: ${tooLongMessage(2000)}`);
    const rows = auditRows(`site = '${site}' AND action = 'refused' AND actor LIKE '%${sales.email}'`);
    expect(rows.map((row) => [row.subject, detailOf(row).attempted])).toEqual([["lead 1", "lead.update"]]);
  });
});
