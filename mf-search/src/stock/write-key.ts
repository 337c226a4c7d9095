import { type KeyGrant, requestKey } from "@dealer/shared/keys";
import { createMiddleware } from "hono/factory";
import type { PhotoEnv, SearchBackendEnv } from "../env";

/** Who a write key speaks for: one dealership of one site. */
export interface StockWriter {
  site: string;
  dealershipId: number;
  dealershipSlug: string;
}

export type StockEnv = { Bindings: { DB: D1Database } & SearchBackendEnv & PhotoEnv; Variables: { writer: StockWriter } };

/** The dealership a verified key writes stock for, or null when it holds no stock:write scope or dealership. */
export async function stockWriterOf(db: D1Database, grant: KeyGrant | null): Promise<StockWriter | null> {
  if (!grant?.site || grant.dealershipId === null || !grant.scopes.includes("stock:write")) return null;
  const dealership = await db.prepare("SELECT slug FROM dealerships WHERE id = ? AND site = ?").bind(grant.dealershipId, grant.site).first<{ slug: string }>();
  return dealership ? { site: grant.site, dealershipId: grant.dealershipId, dealershipSlug: dealership.slug } : null;
}

/**
 * Resolves `Authorization: Bearer <key>` to a dealership's write key of the site this host serves, or answers 401:
 * another site's key is no key here (ADR 0057), as for the leads API.
 */
export const requireWriteKey = createMiddleware<StockEnv>(async (c, next) => {
  const row = await stockWriterOf(c.env.DB, await requestKey(c, ["stock:write"]));
  if (!row) return c.json({ message: "A valid dealership write key is required (Authorization: Bearer <key>)." }, 401);
  c.set("writer", row);
  await next();
});
