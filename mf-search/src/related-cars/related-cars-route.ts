import { siteFromHost } from "@dealer/shared/http";
import { Hono } from "hono";
import type { Env } from "../env";
import { toResultCard } from "../fragments/search-results/result-card";
import { toRowCard } from "../fragments/vehicle-row/row-card";
import { carBySlug, similarCars } from "../fragments/vehicle-row/similar-vehicles.server";
import type { SearchApiFor } from "../search-client/site-client";

/** The path the gateway forwards from the tenant's host (edge app.tsx). */
export const RELATED_CARS_PATH = "/cars/:slug/related.json";

/**
 * Spec §7's "fetch of related car ids by slug" (ADR 0048): GET /cars/{slug}/related.json answers `{ ids }`, the ids of
 * the car's similar vehicles in the order the vehicle page's Similar vehicles row shows them (one ranking,
 * similarCars), and `cards`, what the row shows of each, so the row needs one call and no search client (ADR 0076). A car the similar search does not apply to (not in stock) has none; an unknown slug or host is a 404.
 */
export function createRelatedCarsRoute(searchApiFor: SearchApiFor) {
  const app = new Hono<{ Bindings: Env }>();
  app.get(RELATED_CARS_PATH, async (c) => {
    const slug = c.req.param("slug");
    if (!/^[a-z0-9-]{1,200}$/.test(slug)) return c.json({ message: "A car slug is lower-case letters, digits and hyphens." }, 400);
    const site = await siteFromHost(c.env.DB, c.req.header("host"));
    if (!site) return c.json({ message: "Unknown site" }, 404);
    const car = await carBySlug(c.env.DB, site.slug, slug);
    if (!car) return c.json({ message: `No car ${slug}` }, 404);
    const now = new Date();
    const related = await similarCars(c.env, site.slug, searchApiFor, car, site.config, now);
    const cards = related.map((hit) => toRowCard(toResultCard(hit, site.config, now, "row")));
    return c.json({ ids: related.map((hit) => hit.id), cards }, 200, { "cache-control": "public, max-age=60" });
  });
  return app;
}
