/**
 * An Algolia application on this machine, for running the platform configured for Algolia without internet (ADR 0035):
 *   ALGOLIA_APP_ID=… ALGOLIA_SEARCH_KEY=… ALGOLIA_WRITE_KEY=… npx tsx scripts/algolia-stand-in.ts [--port 8830]
 * The same settings as the platform's (docs/search-backends.md); the platform then names it in ALGOLIA_HOSTS.
 * Its records live in memory: a restart starts empty (the platform's reconciliation pushes the stock again).
 */
import { createServer, type IncomingMessage } from "node:http";
import { parseArgs } from "node:util";
import { createStandIn } from "../mf-search/src/algolia-stand-in/stand-in-app";

const { values } = parseArgs({ options: { port: { type: "string", default: process.env.STAND_IN_PORT ?? "8830" }, host: { type: "string", default: "127.0.0.1" } } });
const { ALGOLIA_APP_ID: appId, ALGOLIA_SEARCH_KEY: searchKey, ALGOLIA_WRITE_KEY: writeKey } = process.env;
if (!appId || !searchKey || !writeKey) {
  console.error("Set ALGOLIA_APP_ID, ALGOLIA_SEARCH_KEY and ALGOLIA_WRITE_KEY: the stand-in answers to that application and those keys.");
  process.exit(2);
}
const app = createStandIn({ appId, searchKey, writeKey });

async function toRequest(incoming: IncomingMessage): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
  }
  const method = incoming.method ?? "GET";
  const body = method === "GET" || method === "HEAD" ? undefined : Buffer.concat(chunks);
  return new Request(`http://${incoming.headers.host ?? "localhost"}${incoming.url ?? "/"}`, { method, headers, body });
}

const server = createServer((incoming, outgoing) => {
  toRequest(incoming)
    .then((request) => app.fetch(request))
    .then(async (response) => {
      outgoing.writeHead(response.status, Object.fromEntries(response.headers));
      outgoing.end(Buffer.from(await response.arrayBuffer()));
    })
    .catch((error: unknown) => {
      console.error("[algolia-stand-in]", error);
      outgoing.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ message: "Internal error", status: 500 }));
    });
});
// Clients keep connections open between searches (workerd, the Node client): closing idle ones after Node's 5 s
// default races a request sent on them.
server.keepAliveTimeout = 65_000;
server.listen(Number(values.port), values.host, () => console.log(`Algolia stand-in for app ${appId} at http://${values.host}:${values.port}`));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.close(() => process.exit(0)));
