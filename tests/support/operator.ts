import { GATEWAY_PORT, fetchSiteOnHost } from "./platform";

/** The local demo's operator key (db/demo/generate.ts), stored as its hash like every key. */
export const DEMO_OPERATOR_KEY = "operator-local-demo";

/** A call to the operator API on the platform's own host, a fresh connection each (see fetchSiteOnHost). */
export const operatorApi = (method: string, path: string, body?: unknown, key = DEMO_OPERATOR_KEY) =>
  fetchSiteOnHost(`localhost:${GATEWAY_PORT}`, `/api/operator${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
