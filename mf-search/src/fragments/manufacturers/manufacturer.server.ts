import type { FragmentDefinition } from "@dealer/shared/fragment-server";
import type { Env } from "../../env";
import { MANUFACTURER_INDEX } from "../../search-index/manufacturer-index";
import { LOCAL_APP_ID, type SearchApiFor, siteSearchClient } from "../../search-client/site-client";
import { splitRequestPath } from "../small-search/small-search-address";
import type { MultiQueryClient } from "../small-search/small-search-browser";
import ManufacturerSearch, { type ManufacturerSearchProps } from "./ManufacturerSearch";
import { parseManufacturerState } from "./manufacturer-state";
import { runManufacturerSearch } from "./manufacturer-view";

/** 'Find a make or model' on /brands: the first page for the address is in the server's markup. */
export function manufacturerSearchFragment(searchApiFor: SearchApiFor): FragmentDefinition<ManufacturerSearchProps, Env> {
  return {
    Component: ManufacturerSearch,
    async load(request, env) {
      const { pathname, search } = splitRequestPath(request.path, "/brands");
      const state = parseManufacturerState(search);
      const { client, apiKey } = await siteSearchClient(env, request.site.slug, searchApiFor);
      const landingBase = request.config.search.landingBase;
      const view = await runManufacturerSearch(client as unknown as MultiQueryClient, MANUFACTURER_INDEX, state, landingBase);
      return {
        indexName: MANUFACTURER_INDEX,
        landingBase,
        state: { ...state, page: view.page },
        view,
        search: { appId: LOCAL_APP_ID, apiKey },
        pathname,
      };
    },
  };
}
