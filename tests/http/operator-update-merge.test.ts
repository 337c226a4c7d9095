import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { query } from "../support/db";
import { operatorApi } from "../support/operator";
import { GATEWAY_PORT } from "../support/platform";
import { postDealerForm, signedInStaff } from "../support/staff";

/**
 * Operator updates never overwrite what a dealer published (issue 33, ADR 0062): two sites made from the example
 * file on two templates; a dealer admin publishes, then the operator's site file is merged by setting.
 */
const ROOT = join(import.meta.dirname, "../..");
const example = parseYaml(readFileSync(join(ROOT, "examples/sites/seventh-dealer.yaml"), "utf8")) as Record<string, unknown> & { dealerships: { slug: string }[] };
const SITES = [
  { slug: "merge-car-dealer", template: "car-dealer" },
  { slug: "merge-caravans", template: "caravan" },
] as const;

const fileFor = (site: (typeof SITES)[number], config: Record<string, unknown> = {}) => ({
  ...example,
  slug: site.slug,
  template: site.template,
  domains: [],
  dealerships: example.dealerships.map((dealership) => ({ ...dealership, slug: `${site.slug}-${dealership.slug}` })),
  config: { theme: { primary: "#3949ab" }, ...config },
});
const stored = (slug: string) => JSON.parse(query<{ config: string }>(`SELECT config FROM sites WHERE slug = '${slug}'`)[0]?.config ?? "{}") as { theme?: { primary?: string }; home?: { heroText?: string } };
const update = (slug: string, body: Record<string, unknown>) => operatorApi("PUT", `/sites/${slug}`, body);

/** The operator's command itself, with a file on disk. */
function siteCommand(...args: string[]): { ok: boolean; out: string } {
  try {
    const out = execFileSync(process.execPath, ["--import", "tsx", "scripts/operator/site-cli.ts", ...args, "--url", `http://localhost:${GATEWAY_PORT}`], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    return { ok: true, out };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return { ok: false, out: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
  }
}

beforeAll(async () => {
  for (const site of SITES) {
    await operatorApi("DELETE", `/sites/${site.slug}`);
    const created = await operatorApi("POST", "/sites", fileFor(site));
    expect(created.status, await created.clone().text()).toBe(201);
  }
}, 60_000);
afterAll(async () => {
  for (const site of SITES) await operatorApi("DELETE", `/sites/${site.slug}`);
});

describe.each(SITES)("npm run site -- update on $slug after the dealer published", (site) => {
  it("refuses a setting both changed (listing it), merges another and keeps the dealer's, and --force overwrites", { timeout: 90_000 }, async () => {
    const admin = await signedInStaff(site.slug, `${site.slug}-${example.dealerships[0]?.slug}`, "admin");
    const heroText = `Dealer's own hero ${Date.now()}`;
    const published = await postDealerForm(site.slug, "/dealer/config", { action: "publish", "home.heroText": heroText }, admin.cookie);
    expect(published.status).toBe(200);
    expect(stored(site.slug).home?.heroText).toBe(heroText);

    // The same setting in the operator's file (made before the dealer's publish): refused, listed, nothing written.
    const refused = await update(site.slug, fileFor(site, { home: { heroText: "The operator's hero" } }));
    expect(refused.status).toBe(409);
    const answer = (await refused.json()) as { conflicts: unknown[]; publishedVersion: number };
    expect(answer.conflicts).toEqual([{ path: "home.heroText", published: heroText, file: "The operator's hero" }]);
    expect(stored(site.slug).home?.heroText).toBe(heroText);
    expect(query(`SELECT detail FROM audit_log WHERE site = 'platform' AND action = 'refused' AND subject = 'site ${site.slug}' ORDER BY id DESC LIMIT 1`)[0]?.detail).toContain("config.home.heroText");

    // Another setting: merged, the dealer's hero stays.
    const merged = await update(site.slug, fileFor(site, { theme: { primary: "#00695c" } }));
    expect(merged.status, await merged.clone().text()).toBe(200);
    expect(((await merged.json()) as { kept: string[] }).kept).toEqual(["home.heroText"]);
    expect(stored(site.slug)).toMatchObject({ theme: { primary: "#00695c" }, home: { heroText: heroText } });

    // A file made from the version `show` prints names it: the same setting is then the operator's change alone.
    const shown = (await (await operatorApi("GET", `/sites/${site.slug}`)).json()) as { site: { baseVersion: number; config: Record<string, unknown> } };
    const fromShow = await update(site.slug, { ...fileFor(site), config: { ...shown.site.config, home: { heroText: "Updated from show" } }, baseVersion: shown.site.baseVersion });
    expect(fromShow.status, await fromShow.clone().text()).toBe(200);
    expect(stored(site.slug).home?.heroText).toBe("Updated from show");
    const missing = await update(site.slug, { ...fileFor(site), baseVersion: 999 });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { problems: { path: string }[] }).problems.map((problem) => problem.path)).toEqual(["baseVersion"]);

    // The dealer publishes again; the operator's command refuses, then overwrites with --force, audited on the site.
    expect((await postDealerForm(site.slug, "/dealer/config", { action: "publish", "home.heroText": heroText }, admin.cookie)).status).toBe(200);
    const file = join(mkdtempSync(join(tmpdir(), "site-file-")), "site.json");
    writeFileSync(file, JSON.stringify(fileFor(site, { theme: { primary: "#00695c" }, home: { heroText: "Forced by the operator" } })));
    const command = siteCommand("update", file);
    expect(command.ok).toBe(false);
    expect(command.out).toContain('"path": "home.heroText"');
    const forced = siteCommand("update", file, "--force");
    expect(forced.ok, forced.out).toBe(true);
    expect(stored(site.slug).home?.heroText).toBe("Forced by the operator");
    const audit = query<{ detail: string }>(`SELECT detail FROM audit_log WHERE site = '${site.slug}' AND action = 'config.operator_update' ORDER BY id DESC LIMIT 1`)[0];
    expect(JSON.parse(audit?.detail ?? "{}")).toEqual({ kept: [], overwritten: ["home.heroText"] });
  });
});
