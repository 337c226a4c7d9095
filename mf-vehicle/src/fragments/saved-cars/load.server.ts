import { type FragmentDefinition, requestOnly, requestOnlyAnyAddress } from "@dealer/shared/fragment-server";
import { searchLandingPath } from "@dealer/shared/rules";
import type { Env } from "../../env";
import ComparePage, { type ComparePageProps } from "./ComparePage";
import FavouritesPage, { type FavouritesPageProps } from "./FavouritesPage";
import RecentlyViewed, { type RecentlyViewedProps } from "./RecentlyViewed";

// The lists live on the shopper's device: the server renders each page's neutral state (ADR 0018).
const searchPath = (request: Parameters<FragmentDefinition<unknown, Env>["load"]>[0]) => ({ searchPath: searchLandingPath({}, request.config.search) });

export const comparePageFragment: FragmentDefinition<ComparePageProps, Env> = { load: async (request) => searchPath(request), Component: ComparePage, dataVersion: requestOnly };
export const favouritesPageFragment: FragmentDefinition<FavouritesPageProps, Env> = { load: async (request) => searchPath(request), Component: FavouritesPage, dataVersion: requestOnly };
export const recentlyViewedFragment: FragmentDefinition<RecentlyViewedProps, Env> = { load: async () => ({}), Component: RecentlyViewed, dataVersion: requestOnlyAnyAddress };
