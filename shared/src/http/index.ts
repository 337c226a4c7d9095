export { bodyLimit } from "./body-limit";
export { escapeMarkup } from "./escape";
export { classifyHost, type HostTarget } from "./host";
export { type HostSite, siteFromHost, siteRowFor } from "./site-from-host";
