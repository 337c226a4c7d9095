import { fetchSite } from "./platform";

/** The stock feed API on a site's own host with a dealership's write key: a GET without a body, a POST with one. */
export const stockApi = (site: string, key: string, path: string, body?: unknown) =>
  fetchSite(site, `/api/stock${path}`, {
    method: body ? "POST" : "GET",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
