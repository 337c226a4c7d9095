import { type ManufacturerEntryLink, manufacturerEntryPath } from "@dealer/shared/rules";
import type { MultiQueryClient } from "../small-search/small-search-browser";
import { type ManufacturerState, manufacturerRequests } from "./manufacturer-state";

/** An entry as the page shows it: a brand or one of its models, with where it leads. */
export type ManufacturerEntry = {
  objectID: string;
  manufacturer: string;
  model: string | null;
  bodies: string[];
  href: string;
};

export type ManufacturerView = {
  entries: ManufacturerEntry[];
  count: number;
  /** 1-based page shown (a page past the end shows the last one). */
  page: number;
  nbPages: number;
};

type Hit = ManufacturerEntryLink & { objectID: string; model: { name: string; body?: string[] } | null };
type Result = { hits?: Hit[]; nbHits?: number; page?: number; nbPages?: number };

/** One query for a state through either client; links follow the site's landing base. */
export async function runManufacturerSearch(client: MultiQueryClient, indexName: string, state: ManufacturerState, landingBase: string): Promise<ManufacturerView> {
  const { results } = await client.search({ requests: manufacturerRequests(indexName, state) });
  const [result] = results as [Result];
  const hits = result.hits ?? [];
  const nbPages = result.nbPages ?? 0;
  if (hits.length === 0 && nbPages > 0 && state.page > nbPages) return runManufacturerSearch(client, indexName, { ...state, page: nbPages }, landingBase);
  return {
    entries: hits.map((hit) => ({
      objectID: hit.objectID,
      manufacturer: hit.manufacturer.name,
      model: hit.model?.name ?? null,
      bodies: hit.model?.body ?? [],
      href: manufacturerEntryPath(hit, { landingBase }),
    })),
    count: result.nbHits ?? 0,
    page: (result.page ?? 0) + 1,
    nbPages,
  };
}
