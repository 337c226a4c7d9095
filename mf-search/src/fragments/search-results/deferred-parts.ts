import { type ComponentProps, type ComponentType, createContext, lazy, useContext } from "react";
import type { RefinementChips } from "./RefinementChips";
import type { ResultCarousel } from "./ResultCarousel";
import type { resultsItemListJson } from "./structured-data";

/**
 * Parts of the search page that /search's first view does not need: the carousel variant (brand overviews only) and
 * the refinement chips (only once something is refined). The server provides them directly (load.server.ts), so
 * their markup is in the page; the browser loads their code when one is first rendered, and React hydrates their
 * Suspense boundary then (ADR 0025).
 */
export type SearchParts = {
  ResultCarousel: ComponentType<ComponentProps<typeof ResultCarousel>>;
  RefinementChips: ComponentType<ComponentProps<typeof RefinementChips>>;
  /** The results' JSON-LD: written by the server; the browser keeps that block until its first search rewrites it. */
  itemListJson?: typeof resultsItemListJson;
};

export const ServerParts = createContext<SearchParts | null>(null);

export const loadChips = () => import("./RefinementChips").then((module) => ({ default: module.RefinementChips }));

const browserParts: SearchParts = {
  ResultCarousel: lazy(() => import("./ResultCarousel").then((module) => ({ default: module.ResultCarousel }))),
  RefinementChips: lazy(loadChips),
};

export const useSearchParts = (): SearchParts => useContext(ServerParts) ?? browserParts;
