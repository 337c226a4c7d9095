import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { SourcePatch } from "./source-patch";

/** Set in wrangler's environment when the Workers' workerd serves the session's port itself (ADR 0127). */
export const SERVE_DIRECT_VAR = "PLATFORM_SERVE_DIRECT";

/**
 * `wrangler dev` runs two workerd processes: its proxy (a Durable Object every request passes through, which holds
 * requests while the Workers reload and rewrites every HTML answer) on the session's port, and the Workers' own on a
 * port of its choosing. A session built once (ADR 0110) never reloads, so with the variable set the Workers' workerd
 * binds the session's port and the proxy an unused one: a request makes one hop, as to a deployed Worker, and the
 * proxy's memory no longer grows with every request (ADR 0127). Without the variable nothing changes (PLATFORM_WATCH).
 */
export const serveDirectPatch: SourcePatch = {
  what: "wrangler dev: the Workers' workerd on the session's port, its proxy beside it",
  file: () => join(dirname(createRequire(import.meta.url).resolve("wrangler/bin/wrangler.js")), "../wrangler-dist/cli.js"),
  replacements: [
    [
      `    initialPort: void 0,
    initialIp: "127.0.0.1",`,
      `    initialPort: process.env.${SERVE_DIRECT_VAR} === "1" ? event.config.dev?.server?.port : void 0, // dealer platform, ADR 0127
    initialIp: "127.0.0.1",`,
    ],
    [
      `          port: this.latestConfig.dev?.server?.port,`,
      `          port: process.env.${SERVE_DIRECT_VAR} === "1" ? 0 : this.latestConfig.dev?.server?.port, // dealer platform, ADR 0127`,
    ],
  ],
};
