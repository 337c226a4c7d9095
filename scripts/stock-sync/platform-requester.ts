import { request } from "node:http";
import type { EndRequest, Requester, Response as AlgoliaResponse } from "@algolia/client-common";

/**
 * Sends the algoliasearch client's requests to the platform listening at `address` (host:port), keeping
 * the client's host ({site}.localhost:8787) as the Host header: the gateway picks the tenant by Host, and
 * Node does not resolve *.localhost names.
 */
export function platformRequester(address: string): Requester {
  return {
    send(endRequest: EndRequest): Promise<AlgoliaResponse> {
      const url = new URL(endRequest.url);
      const target = new URL(`${url.pathname}${url.search}`, `http://${address}`);
      return new Promise((resolve) => {
        const req = request(
          target,
          { method: endRequest.method, headers: { ...endRequest.headers, Host: url.host }, timeout: endRequest.connectTimeout + endRequest.responseTimeout },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (chunk: Buffer) => chunks.push(chunk));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, content: Buffer.concat(chunks).toString("utf8"), isTimedOut: false }));
          },
        );
        // Status 0 is how the client's retry strategy learns of a network failure.
        req.on("timeout", () => {
          req.destroy();
          resolve({ status: 0, content: "", isTimedOut: true });
        });
        req.on("error", (error) => resolve({ status: 0, content: error.message, isTimedOut: false }));
        req.end(endRequest.data);
      });
    },
  };
}
