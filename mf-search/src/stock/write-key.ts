import { afterAnswer, siteFromHost } from "@dealer/shared/http";
import { type KeyGrant, verifySiteKey } from "@dealer/shared/keys";
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

/**
 * Resolves `Authorization: Bearer <key>` to a dealership's write key of the site this host serves, or answers 401:
 * another site's key is no key here (ADR 0057), as for the leads API.
 */
export const requireWriteKey = createMiddleware<StockEnv>(async (c, next) => {
  const key = /^Bearer\s+(\S+)$/i.exec(c.req.header("Authorization") ?? "")?.[1];
  // A Worker's own call through its service binding names the site in its URL (slugHost) and sends no Host.
  const host = c.req.header("host") ?? new URL(c.req.url).host;
  const site = await siteFromHost(c.env.DB, host);
  const grant = await verifySiteKey(c.env.DB, key, ["stock:write"], { site: site?.slug ?? null, host, path: c.req.path }, afterAnswer(c));
  const row = await stockWriterOf(c.env.DB, grant);
  if (!row) return c.json({ message: "A valid dealership write key is required (Authorization: Bearer <key>)." }, 401);
  c.set("writer", row);
  await next();
});
