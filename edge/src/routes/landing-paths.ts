import type { SiteConfig } from "@dealer/shared/config";
import { type LandingVocabulary, type ResolvedLanding, resolveLandingPath } from "@dealer/shared/rules";
import { loadStockVocabulary } from "../content/site-stock";
import type { GatewayEnv } from "../env";
import { createShortMemory } from "../tenant/short-memory";

/** Makes, models and bodies change with the stock feed, not per request: a short per-isolate memory spares a query. */
const MEMORY_TTL_MS = 10_000;
const remembered = createShortMemory<LandingVocabulary>(MEMORY_TTL_MS);

type Site = { slug: string; config: SiteConfig };

async function readVocabulary(env: GatewayEnv, site: Site): Promise<LandingVocabulary> {
  const [stock, dealerships] = await Promise.all([
    loadStockVocabulary(env, site),
    env.DB.prepare("SELECT slug FROM dealerships WHERE site = ?").bind(site.slug).all<{ slug: string }>(),
  ]);
  return { ...stock, dealerships: dealerships.results.map((row) => row.slug) };
}

/**
 * What a landing path (/search/{make}, /search/{make}/{model}, /search/{body}, /search/{dealership}) names of what
 * the site has; null when it names nothing (the 404). Without search to ask, the page is served as a plain search
 * and its search slot decides.
 */
export async function resolveSiteLanding(env: GatewayEnv, site: Site, first: string, second: string | undefined): Promise<ResolvedLanding | null> {
  let vocabulary = remembered.get(site.slug);
  if (!vocabulary) {
    vocabulary = await readVocabulary(env, site).catch((error: unknown) => {
      console.warn(`[gateway] landing paths of ${site.slug} unavailable: ${(error as Error).message}`);
      return undefined;
    });
    if (!vocabulary) return { refinements: {}, dealership: null };
    remembered.set(site.slug, vocabulary);
  }
  return resolveLandingPath(first, second, vocabulary);
}
