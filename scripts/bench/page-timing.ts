import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";

export type Timing = { head: number; firstSlot: number; full: number; html: string };

/** Time to the end of the head, to the first slot's markup, and to the end of the page. */
export function timePage(port: number, host: string, path: string, headers: Record<string, string> = {}): Promise<Timing> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let head = 0;
    let firstSlot = 0;
    let html = "";
    const req = request({ host: "127.0.0.1", port, path, headers: { ...headers, host } }, (res) => {
      res.on("data", (chunk: Buffer) => {
        html += chunk.toString("utf8");
        const now = performance.now() - started;
        if (!head && html.includes("</head>")) head = now;
        if (!firstSlot && html.includes("data-slot=")) firstSlot = now;
      });
      res.on("end", () => resolve({ head, firstSlot: firstSlot || head, full: performance.now() - started, html }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** The same bytes from a plain node file server on this machine: the floor any server could reach. */
export async function withStaticServer<T>(html: string, work: (port: number) => Promise<T>): Promise<T> {
  const body = Buffer.from(html);
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    return await work((server.address() as AddressInfo).port);
  } finally {
    server.close();
  }
}

/**
 * The same page at an address never asked for before (a query parameter the page does not read, as a link's
 * utm_source or gclid): the gateway's kept slots are keyed on the address as typed, except the search's, which are
 * keyed on the search the address names (ADR 0113).
 */
export const firstView = (path: string, run: number) => `${path}${path.includes("?") ? "&" : "?"}first-view=${process.pid}-${Date.now()}-${run}`;

/**
 * A search page whose search was never asked before (a price cap no earlier run named): neither the gateway's kept
 * slots nor mf-search's kept views (ADR 0107) fit it, so the engine searches and the hits are read.
 */
export const newSearch = (run: number) => `/search?range%5Bprice%5D=:${50_000 + ((Date.now() + run) % 50_000)}`;

/**
 * A dev fault naming no remote: the gateway keeps no slot under any dev fault (ADR 0033), so a page asked with it
 * renders every slot, as before ADR 0074: the same run's "slots not kept" figure.
 */
export const NO_KEPT_SLOTS = { "x-dev-fault": "none=none:0" };

/** Where a page's server time went, from the gateway's dev-only closing comment (`x-dev-timing`, ADR 0074). */
export type DevTiming = { subjectMs: number; headMs: number; slots: { slot: string; remote: string; fragment: string; ms: number; how: string }[]; page?: "kept" };

export function devTimingOf(html: string): DevTiming | null {
  const comment = /<!--dev-timing (.*?)-->/.exec(html);
  return comment?.[1] ? (JSON.parse(comment[1]) as DevTiming) : null;
}
