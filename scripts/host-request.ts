import { type IncomingHttpHeaders, request } from "node:http";

export type HostAnswer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

export type HostRequest = {
  method?: string;
  /** The Host header: the gateway picks the tenant by it. */
  host: string;
  headers?: Record<string, string | number>;
  body?: string | Uint8Array;
  /** A server that has not answered in full by then is given up on (10 minutes unless named: a loaded local platform takes minutes over its slowest calls, such as a site's search sync). */
  timeoutMs?: number;
};

/** A server that did not answer in full in time (the caller may send again). */
export class NoAnswerInTime extends Error {}

/**
 * One request to the local platform (`origin`, such as http://127.0.0.1:8787) on a tenant's host. node:http, because fetch will not send another Host header
 * than the URL's. It always settles: an answer the server cuts short ends in Node with neither 'end' nor 'error'
 * when nothing listens for 'error' (a test run once waited on one for ever), so both are heard here, and a server
 * that stops answering is given up after `timeoutMs`. A fresh connection each time: a kept-alive socket the dev
 * server has since closed fails with "socket hang up".
 */
export function requestOnHost(origin: string, path: string, { method = "GET", host, headers = {}, body, timeoutMs = 600_000 }: HostRequest): Promise<HostAnswer> {
  return new Promise((resolve, reject) => {
    const failed = (why: string) => new Error(`${method} ${path} on ${host} (${origin}): ${why}`);
    const { hostname, port } = new URL(origin);
    // The path goes as given, not normalised by URL: fuzzing tests send odd ones on purpose.
    const req = request({ hostname, port, path, method, headers: { ...headers, Host: host }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", (error) => reject(failed(error.message)));
      res.on("close", () => (res.complete ? resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }) : reject(failed("the answer was cut short"))));
    });
    req.setTimeout(timeoutMs, () => req.destroy(new NoAnswerInTime(failed(`no answer in ${Math.round(timeoutMs / 1000)} s`).message)));
    // Name the address that was tried: with several platforms on one machine, "ECONNREFUSED" alone misleads.
    req.on("error", (error) => reject(error instanceof NoAnswerInTime ? error : failed(`${error.message}. Is the platform running? Set --url or PLATFORM_PORT.`)));
    req.end(body);
  });
}
