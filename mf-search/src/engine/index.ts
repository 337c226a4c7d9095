/** Algolia-compatible search over vehicle records: pure, no I/O. */
export { SearchError } from "./errors";
export { parseSearchParams, decodeParamsString, encodeParamsString, type SearchParams } from "./params";
export { SearchIndex } from "./search-index";
export { prepareSearch, search, searchForFacetValues, resolveSort, type Hit, type PreparedSearch, type SearchOptions, type SearchResponse } from "./search";
export { toSearchRecord, customRank, type IndexRecord, type RecordFinance, type SearchRecord } from "./search-record";
export { indexSettingsSchema, vehicleIndexSettings, type IndexSettings } from "./settings";
export type { HighlightResult } from "./highlight";
