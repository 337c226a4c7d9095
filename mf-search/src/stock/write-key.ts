import { isStockPhotoPath, presentsBearerKey } from "@dealer/shared/http";
import { type KeyGrant, requestKey } from "@dealer/shared/keys";
import { staffMay } from "@dealer/shared/rules";
import { auditRefusedStaff, STAFF_NOT_ALLOWED, type Staff, staffOfRequest } from "@dealer/shared/staff";
import { createMiddleware } from "hono/factory";
import type { PhotoEnv, SearchBackendEnv } from "../env";

/** Who a write key speaks for: one dealership of one site. */
export interface StockWriter {
  site: string;
  dealershipId: number;
  dealershipSlug: string;
}

/** `staff`: the signed-in staff member acting (a car's photos only, ADR 0078), null for a key; their changes are audited. */
export type StockEnv = { Bindings: { DB: D1Database } & SearchBackendEnv & PhotoEnv; Variables: { writer: StockWriter; staff: Staff | null } };

/** The dealership a verified key writes stock for, or null when it holds no stock:write scope or dealership. */
export async function stockWriterOf(db: D1Database, grant: KeyGrant | null): Promise<StockWriter | null> {
  if (!grant?.site || grant.dealershipId === null || !grant.scopes.includes("stock:write")) return null;
  const dealership = await db.prepare("SELECT slug FROM dealerships WHERE id = ? AND site = ?").bind(grant.dealershipId, grant.site).first<{ slug: string }>();
  return dealership ? { site: grant.site, dealershipId: grant.dealershipId, dealershipSlug: dealership.slug } : null;
}

/**
 * Resolves `Authorization: Bearer <key>` to a dealership's write key of the site this host serves, or answers 401:
 * another site's key is no key here (ADR 0057), as for the leads API. A car's photos also take the signed-in staff
 * member of this host's site (the console's call, ADR 0078), acting for their own dealership as its key would: reading
 * needs `stock.read`, a change `stock.photos`; a refused role is 403 and audited. A key is never asked for a role.
 */
export const requireWriteKey = createMiddleware<StockEnv>(async (c, next) => {
  if (!presentsBearerKey(c.req.raw.headers) && isStockPhotoPath(c.req.path)) {
    const staff = await staffOfRequest(c.env.DB, c.req.header("host"), c.req.header("cookie"));
    if (staff) {
      const permission = c.req.method === "GET" || c.req.method === "HEAD" ? "stock.read" : "stock.photos";
      if (!staffMay(staff.role, permission)) {
        await auditRefusedStaff(c.env.DB, staff, permission, `${c.req.method} ${c.req.path}`.slice(0, 300), [`the ${staff.role} role does not allow ${permission}`]);
        return c.json({ message: STAFF_NOT_ALLOWED }, 403);
      }
      c.set("writer", { site: staff.site, dealershipId: staff.dealershipId, dealershipSlug: staff.dealershipSlug });
      c.set("staff", staff);
      return next();
    }
  }
  const row = await stockWriterOf(c.env.DB, await requestKey(c, ["stock:write"]));
  if (!row) return c.json({ message: "A valid dealership write key is required (Authorization: Bearer <key>)." }, 401);
  c.set("writer", row);
  c.set("staff", null);
  await next();
});
