export { bodyLimit } from "./body-limit";
export { escapeMarkup } from "./escape";
export { classifyHost, type HostTarget } from "./host";
export { type HostSite, siteFromHost, siteRowFor } from "./site-from-host";
export { readStockDataVersion, STOCK_VERSION_SQL, stockDataVersion } from "./stock-version";
export {
  clearedSessionCookie,
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
