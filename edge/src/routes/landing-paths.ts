import { type LandingVocabulary, resolveLandingPath } from "@dealer/shared/rules";
import type { GatewayEnv } from "../env";

/** Makes, models and bodies change with the stock feed, not per request: a short per-isolate memory spares a scan. */
const MEMORY_TTL_MS = 10_000;
const remembered = new Map<string, { vocabulary: LandingVocabulary; until: number }>();

async function readVocabulary(env: GatewayEnv, site: string): Promise<LandingVocabulary> {
  const [stock, dealerships] = await Promise.all([
    env.DB.prepare(
      "SELECT DISTINCT json_extract(data, '$.make') AS make, json_extract(data, '$.model') AS model, json_extract(data, '$.simple_body') AS body FROM vehicles WHERE site = ?",
    )
      .bind(site)
      .all<{ make: string | null; model: string | null; body: string | null }>(),
    env.DB.prepare("SELECT slug FROM dealerships WHERE site = ?").bind(site).all<{ slug: string }>(),
  ]);
  const rows = stock.results;
  const present = (values: (string | null)[]) => [...new Set(values.filter((value): value is string => Boolean(value)))];
  return {
    makes: present(rows.map((row) => row.make)),
    makeModels: present(rows.map((row) => (row.make && row.model ? `${row.make} ${row.model}` : null))),
    bodies: present(rows.map((row) => row.body)),
    dealerships: dealerships.results.map((row) => row.slug),
  };
}

/** A landing path (/search/{make}, /search/{make}/{model}, /search/{body}, /search/{dealership}) names what the site has. */
export async function landingPathExists(env: GatewayEnv, site: string, first: string, second: string | undefined): Promise<boolean> {
  let entry = remembered.get(site);
  if (!entry || entry.until <= Date.now()) {
    entry = { vocabulary: await readVocabulary(env, site), until: Date.now() + MEMORY_TTL_MS };
    remembered.set(site, entry);
  }
  return resolveLandingPath(first, second, entry.vocabulary) !== null;
}
