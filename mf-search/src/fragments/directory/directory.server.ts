import type { FragmentDefinition } from "@dealer/shared/fragment-server";
import type { Env } from "../../env";
import { DIRECTORY_INDEX } from "../../search-index/directory-index";
import { LOCAL_APP_ID, type SearchApiFor, siteSearchClient } from "../../search-client/site-client";
import DirectorySearch, { type DirectorySearchProps } from "./DirectorySearch";
import { parseDirectoryState } from "./directory-state";
import { splitRequestPath } from "../small-search/small-search-address";
import type { MultiQueryClient } from "../small-search/small-search-browser";
import { runDirectorySearch } from "./directory-view";

/**
 * The service and parts directory on the department pages (/service, /vehicle-parts-and-accessories; the slot's
 * `department` param names the page's own): the first page for the address is in the server's markup.
 */
export function directorySearchFragment(searchApiFor: SearchApiFor): FragmentDefinition<DirectorySearchProps, Env> {
  return {
    Component: DirectorySearch,
    async load(request, env) {
      const { pathname, search } = splitRequestPath(request.path, "/service");
      const state = parseDirectoryState(search);
      const { client, apiKey } = await siteSearchClient(env, request.site.slug, searchApiFor);
      const [view, dealerships] = await Promise.all([
        runDirectorySearch(client as unknown as MultiQueryClient, DIRECTORY_INDEX, state),
        env.DB.prepare("SELECT id, name FROM dealerships WHERE site = ? ORDER BY id").bind(request.site.slug).all<{ id: number; name: string }>(),
      ]);
      return {
        department: request.params.department === "parts" ? "parts" : "service",
        indexName: DIRECTORY_INDEX,
        state: { ...state, page: view.page },
        view,
        dealerships: dealerships.results.length > 1 ? dealerships.results : [],
        search: { appId: LOCAL_APP_ID, apiKey },
        pathname,
      };
    },
  };
}
