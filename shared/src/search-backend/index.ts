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
export { queueSiteReload, type SearchPushEnv, type SearchPushMessage, searchPushMessageSchema } from "./search-push";
