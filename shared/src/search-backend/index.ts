export {
  type AlgoliaHost,
  algoliaDefaultHosts,
  hostsFor,
  readSearchBackend,
  type SearchBackend,
  SearchBackendMisconfigured,
  searchConnectSources,
  siteFilter,
} from "./search-backend";
