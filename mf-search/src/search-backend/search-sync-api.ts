import { Hono } from "hono";
import type { Env } from "../env";
import { requireWriteKey, type StockEnv } from "../stock/write-key";
import { searchBackendOf } from "./backend";
import { reconcileSites } from "./reconcile";

/**
 * The Algolia push of the write key's site, mounted at /api/stock/search-sync (ADR 0035):
 *   GET                 -> { site: SiteDrift | null }: its stock version, pushed version, vehicle and index counts
 *   POST [?resync=1]    -> the scheduled reconciliation for this site now (a push or a full resync queued when needed)
 */
export function createSearchSyncApi() {
  const app = new Hono<{ Bindings: Env; Variables: StockEnv["Variables"] }>();
  app.use("*", requireWriteKey);
  app.use("*", async (c, next) => {
    if (searchBackendOf(c.env).kind !== "algolia") return c.json({ message: "This platform searches with its embedded engine: there is no Algolia index to sync." }, 409);
    await next();
  });
  app.get("/", async (c) => {
    const [drift] = await reconcileSites(c.env, { site: c.get("writer").site, queue: false });
    return c.json({ site: drift ?? null });
  });
  app.post("/", async (c) => {
    const [drift] = await reconcileSites(c.env, { site: c.get("writer").site, resync: c.req.query("resync") === "1" });
    return c.json({ site: drift ?? null });
  });
  return app;
}
