export { bodyLimit, bodyTooLargeMessage } from "./body-limit";
export { escapeMarkup } from "./escape";
export { classifyHost, type HostTarget, slugHost } from "./host";
export { type HostSite, siteFromHost, siteRowFor } from "./site-from-host";
export { facetValues, filterValue, type SiteQuery, type SiteQueryResult, SITE_SEARCH_PATH, searchSite, siteQueriesSchema } from "./site-search";
export {
  BUMP_SITE_STOCK_VERSION_FOR_PHOTOS_SQL,
  BUMP_SITE_STOCK_VERSION_SQL,
  readListingDataVersion,
  readSiteStockVersion,
  readSiteVersions,
  reloadSiteStockStatement,
  SITE_STOCK_VERSION_SQL,
  siteListingVersionColumn,
  stockDataVersion,
} from "./stock-version";
export {
  clearedConfigPreviewCookie,
  clearedSessionCookie,
  clearedStaffCookie,
  CONFIG_PREVIEW_COOKIE,
  configPreviewCookie,
  isSessionToken,
  STAFF_COOKIE,
  STAFF_SESSION_SECONDS,
  staffCookie,
  newSessionToken,
  readCookie,
  SESSION_COOKIE,
  SESSION_MAX_AGE_SECONDS,
  type SignedInSession,
  sessionCookie,
  sessionFromCookie,
  hmacSha256Hex,
  sha256Hex,
} from "./session-cookie";
export { keepCurrentConfigVersion, refreshTenantCache, TENANT_POINTER_TTL_SECONDS, TENANT_ROW_TTL_SECONDS, type TenantPointer, tenantPointerKey, tenantRowKey } from "./tenant-cache";
export { type ByteRange, byteRange, ifRangeHolds } from "./byte-range";
export { CROSS_SITE_MESSAGE, isStockPhotoPath, presentsBearerKey, refusedAsCrossSite, type RequestSite, requestSite, sameSiteOnly } from "./same-site";
export { afterAnswer } from "./after-answer";
