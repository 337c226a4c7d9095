import { createMiddleware } from "hono/factory";
import type { SearchBackendEnv } from "../env";

/** Who a write key speaks for: one dealership of one site. */
export interface StockWriter {
  site: string;
  dealershipId: number;
  dealershipSlug: string;
}

export type StockEnv = { Bindings: { DB: D1Database } & SearchBackendEnv; Variables: { writer: StockWriter } };

/** Resolves `Authorization: Bearer <key>` to a dealership's write key, or answers 401. */
export const requireWriteKey = createMiddleware<StockEnv>(async (c, next) => {
  const key = /^Bearer\s+(\S+)$/i.exec(c.req.header("Authorization") ?? "")?.[1];
  const row = key
    ? await c.env.DB.prepare(
        `SELECT k.site AS site, d.id AS dealershipId, d.slug AS dealershipSlug
           FROM api_keys k JOIN dealerships d ON d.id = k.dealership_id
          WHERE k.key = ? AND k.kind = 'write'`,
      )
        .bind(key)
        .first<StockWriter>()
    : null;
  if (!row) return c.json({ message: "A valid dealership write key is required (Authorization: Bearer <key>)." }, 401);
  c.set("writer", row);
  await next();
});
