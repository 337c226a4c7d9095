import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestD1 } from "../../../db/test-support/d1";
import { BUMP_SITE_STOCK_VERSION_SQL, readSiteStockVersion } from "@dealer/shared/http";
import { deleteSite, exportSite, SITE_TABLES } from "./site-store";

let db: D1Database;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ db, dispose } = await createTestD1());
}, 120_000);
afterAll(() => dispose());

describe("a site's delete and export", () => {
  it("cover every table that holds a site's rows (a new table with a site column must join SITE_TABLES)", async () => {
    const { results } = await db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%'").all<{ name: string }>();
    // Emptied into hashes at the first start (ADR 0043): never exported, since it held plain keys.
    const notSiteData = ["api_keys_plaintext"];
    const withSite: string[] = [];
    for (const { name } of results) {
      const columns = await db.prepare(`SELECT name FROM pragma_table_info('${name}')`).all<{ name: string }>();
      if (!notSiteData.includes(name) && columns.results.some((column) => column.name === "site")) withSite.push(name);
    }
    expect(withSite.length).toBeGreaterThan(10);
    expect(withSite.filter((table) => !(SITE_TABLES as readonly string[]).includes(table))).toEqual([]);
  });

  it("run as SQL on every table (a site with no rows exports nothing and deletes cleanly)", async () => {
    expect(await new Response(exportSite(db, "no-such-site")).text()).toBe("");
    await expect(deleteSite(db, "no-such-site")).resolves.toBe(1);
  });

  it("move a deleted site's stock version on, so a site made again under its slug never meets a version held for the old one", async () => {
    const bump = () => db.prepare(BUMP_SITE_STOCK_VERSION_SQL).bind("made-again", new Date().toISOString()).first();
    for (let i = 0; i < 3; i++) await bump();
    // The answer is the version the search push is queued with.
    expect(await deleteSite(db, "made-again")).toBe(4);
    // Every index holding version 3 reads 4, with no change-log entry, as "reload the whole site".
    expect(await readSiteStockVersion(db, "made-again")).toBe(4);
    await bump();
    expect(await readSiteStockVersion(db, "made-again")).toBe(5);
  });
});
