import type { DirectoryOffer } from "@dealer/shared/contract";
import type { MultiQueryClient } from "../small-search/small-search-browser";
import { type DirectoryState, directoryRequests } from "./directory-state";

/** An entry as the page shows it. */
export type DirectoryEntry = Pick<DirectoryOffer, "title" | "description" | "category" | "department" | "dealership_name" | "price" | "href"> & {
  objectID: string;
};

export type DirectoryView = {
  entries: DirectoryEntry[];
  count: number;
  /** 1-based page shown (a page past the end shows the last one). */
  page: number;
  nbPages: number;
  /** Categories with their counts under the other conditions, most entries first. */
  categories: { value: string; count: number }[];
};

type Result = { hits?: unknown[]; nbHits?: number; page?: number; nbPages?: number; facets?: Record<string, Record<string, number>> };

/** One multi-query for a state through either client; a page past the end (an old link) shows the last page. */
export async function runDirectorySearch(client: MultiQueryClient, indexName: string, state: DirectoryState): Promise<DirectoryView> {
  const { results } = await client.search({ requests: directoryRequests(indexName, state) });
  const [entries, facets] = results as [Result, Result];
  const nbPages = entries.nbPages ?? 0;
  if ((entries.hits ?? []).length === 0 && nbPages > 0 && state.page > nbPages) return runDirectorySearch(client, indexName, { ...state, page: nbPages });
  const categories = Object.entries(facets.facets?.category ?? {})
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  return { entries: (entries.hits ?? []) as DirectoryEntry[], count: entries.nbHits ?? 0, page: (entries.page ?? 0) + 1, nbPages, categories };
}
