import type { EndRequest, Requester, Response as AlgoliaResponse } from "@algolia/client-common";
import { NoAnswerInTime, requestOnHost } from "../host-request";

/**
 * Sends the algoliasearch client's requests to the platform listening at `address` (host:port), keeping
 * the client's host ({site}.localhost:8787) as the Host header: the gateway picks the tenant by Host, and
 * Node does not resolve *.localhost names.
 */
export function platformRequester(address: string): Requester {
  return {
    async send(endRequest: EndRequest): Promise<AlgoliaResponse> {
      const url = new URL(endRequest.url);
      const timeoutMs = endRequest.connectTimeout + endRequest.responseTimeout;
      try {
        const answer = await requestOnHost(`http://${address}`, `${url.pathname}${url.search}`, { method: endRequest.method, host: url.host, headers: endRequest.headers, body: endRequest.data, timeoutMs });
        return { status: answer.status, content: answer.body.toString("utf8"), isTimedOut: false };
      } catch (error) {
        // Status 0 is how the client's retry strategy learns of a network failure.
        return { status: 0, content: error instanceof Error ? error.message : String(error), isTimedOut: error instanceof NoAnswerInTime };
      }
    },
  };
}
