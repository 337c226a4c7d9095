/** Algolia's REST API over the search engine, as a Hono sub-app. */
export { createSearchApi } from "./create-search-api";
export type { BatchAction, BatchOperation, KeyAccess, SearchApiDeps, SearchTarget } from "./types";
