import type { EndRequest, Requester, Response as AlgoliaResponse } from "@algolia/client-common";

type FetchHandler = { fetch(request: Request): Response | Promise<Response> };

/**
 * A requester for the unmodified algoliasearch client that hands each request to the search
 * API inside this Worker instead of the network: same client, same wire format, no hop.
 */
export function inProcessRequester(searchApi: FetchHandler): Requester {
  return {
    async send(request: EndRequest): Promise<AlgoliaResponse> {
      const response = await searchApi.fetch(
        new Request(request.url, { method: request.method, headers: request.headers, body: (request.data as BodyInit | undefined) ?? null }),
      );
      return { status: response.status, content: await response.text(), isTimedOut: false };
    },
  };
}
