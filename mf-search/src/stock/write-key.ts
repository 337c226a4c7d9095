import { type KeyGrant, verifyKey } from "@dealer/shared/keys";
import { createMiddleware } from "hono/factory";
import type { SearchBackendEnv } from "../env";

/** Who a write key speaks for: one dealership of one site. */
export interface StockWriter {
  site: string;
  dealershipId: number;
  dealershipSlug: string;
}

export type StockEnv = { Bindings: { DB: D1Database } & SearchBackendEnv; Variables: { writer: StockWriter } };

/** The dealership a verified key writes stock for, or null when it holds no stock:write scope or dealership. */
export async function stockWriterOf(db: D1Database, grant: KeyGrant | null): Promise<StockWriter | null> {
  if (!grant?.site || grant.dealershipId === null || !grant.scopes.includes("stock:write")) return null;
  const dealership = await db.prepare("SELECT slug FROM dealerships WHERE id = ? AND site = ?").bind(grant.dealershipId, grant.site).first<{ slug: string }>();
  return dealership ? { site: grant.site, dealershipId: grant.dealershipId, dealershipSlug: dealership.slug } : null;
}

/** Resolves `Authorization: Bearer <key>` to a dealership's write key, or answers 401. */
export const requireWriteKey = createMiddleware<StockEnv>(async (c, next) => {
  const key = /^Bearer\s+(\S+)$/i.exec(c.req.header("Authorization") ?? "")?.[1];
  const row = await stockWriterOf(c.env.DB, await verifyKey(c.env.DB, key, ["stock:write"]));
  if (!row) return c.json({ message: "A valid dealership write key is required (Authorization: Bearer <key>)." }, 401);
  c.set("writer", row);
  await next();
});
