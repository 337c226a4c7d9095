import { SITE_SEARCH_PATH, siteQueriesSchema } from "@dealer/shared/http";
import { Hono } from "hono";
import type { Env } from "../env";
import { type SearchApiFor, siteSearchClient } from "../search-client/site-client";

/**
 * Other Workers' searches of one site (SITE_SEARCH_PATH in @dealer/shared/http): the gateway's home tiles, brand
 * tiles, landing paths and sitemap, mf-finance's budget finder. Answered with the site's own search client, so its
 * key's filter keeps them inside the site and they go wherever the fragments' searches go.
 */
export function createSiteSearchRoute(searchApiFor: SearchApiFor) {
  const app = new Hono<{ Bindings: Env }>();
  app.post(`${SITE_SEARCH_PATH}/:site/queries`, async (c) => {
    const body = siteQueriesSchema.safeParse(await c.req.json().catch(() => null));
    if (!body.success) return c.json({ message: "Invalid site queries", issues: body.error.issues.map((issue) => issue.path.join(".")) }, 400);
    const search = await siteSearchClient(c.env, c.req.param("site"), searchApiFor).catch(() => null);
    if (!search) return c.json({ message: "Unknown site" }, 404);
    return c.json(await search.client.search({ requests: body.data.requests }));
  });
  return app;
}
