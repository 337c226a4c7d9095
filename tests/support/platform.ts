import { request as httpRequest } from "node:http";
import { type Browser, type ConsoleMessage, chromium, type Page } from "playwright-core";
import { expect, inject } from "vitest";
import { requestOnHost } from "../../scripts/host-request";
import { PLATFORM_PORT } from "../../scripts/stack";

export const GATEWAY_PORT = PLATFORM_PORT;
export const siteUrl = (site: string, path = "/") => `http://${site}.localhost:${GATEWAY_PORT}${path}`;

/** The run's one Chromium (tests/support/shared-chromium.ts); closing the connection closes this file's pages. */
export function launchChromium(): Promise<Browser> {
  return chromium.connect(inject("chromiumEndpoint"));
}

/** Ask the gateway as a browser on that tenant's host would (fetch cannot set Host, node:http can), Origin included. */
export function fetchSite(site: string, path: string, init: RequestOptions = {}): Promise<Response> {
  return fetchSiteOnHost(`${site}.localhost:${GATEWAY_PORT}`, path, init);
}

/** `browser: false` sends only the headers given: no Origin, as a script or a server would (a browser always sends one on a POST). */
type RequestOptions = { method?: string; headers?: Record<string, string>; body?: string | Uint8Array; browser?: boolean };

/** Origin on every request that is not a read, as a browser's page on that host sends it, unless the test names its own. */
function browserHeaders(host: string, method: string, headers: Record<string, string>): Record<string, string> {
  const named = Object.keys(headers).some((name) => ["origin", "sec-fetch-site"].includes(name.toLowerCase()));
  return named || ["GET", "HEAD"].includes(method.toUpperCase()) ? headers : { origin: `http://${host}`, ...headers };
}

/** The same, for any Host header (a dealer's own domain). */
export async function fetchSiteOnHost(host: string, path: string, init: RequestOptions = {}): Promise<Response> {
  const method = init.method ?? "GET";
  const headers = init.browser === false ? (init.headers ?? {}) : browserHeaders(host, method, init.headers ?? {});
  const answer = await requestOnHost(`http://127.0.0.1:${GATEWAY_PORT}`, path, { method, host, headers, body: init.body });
  const answerHeaders = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    // Node gives Set-Cookie as a list.
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) answerHeaders.append(name, one);
  }
  return new Response(answer.status === 204 ? null : new Uint8Array(answer.body), { status: answer.status || 500, headers: answerHeaders });
}

/** Time until the page's head has fully arrived. */
export function headArrival(site: string, path: string, headers: Record<string, string> = {}): Promise<{ ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: "127.0.0.1", port: GATEWAY_PORT, path, headers: { ...headers, host: `${site}.localhost:${GATEWAY_PORT}` } }, (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => {
        text += chunk.toString("utf8");
        if (!text.includes("</head>")) return;
        resolve({ ms: Date.now() - started });
        response.destroy();
      });
      // 'close' also comes when the server cuts the answer short, which ends it without 'end'.
      response.on("close", () => reject(new Error("the page ended without a head")));
    });
    request.on("error", reject);
    request.end();
  });
}


/** Collects console errors and page errors; tests assert the list is empty. */
export function watchConsole(page: Page, allowed: RegExp[] = []): string[] {
  const errors: string[] = [];
  const keep = (text: string) => {
    if (!allowed.some((pattern) => pattern.test(text))) errors.push(text);
  };
  page.on("console", (message: ConsoleMessage) => {
    if (message.type() === "error") keep(message.text());
  });
  page.on("pageerror", (error) => keep(`pageerror: ${error.message}`));
  return errors;
}

/** The shell marks the document once every slot has hydrated, client-rendered or given up. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForSelector("html[data-hydrated='true']", { timeout: 20_000 });
}

/**
 * Holds a remote's JavaScript on this page until the returned function is called, as on a slow phone: a slot that
 * hydrates on first touch is then used through its server markup before its code arrives.
 */
export async function holdRemoteCode(page: Page, remote: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**/_mf/${remote}/**/*.js`, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Scrolls a slot into view (slots far below the fold hydrate only then), points at it when it
 * hydrates on first use, and waits for its outcome.
 */
export async function waitForSlot(page: Page, slot: string, outcome: "hydrated" | "client-rendered" | "unavailable" = "hydrated"): Promise<void> {
  const el = page.locator(`#slot-${slot}`);
  await el.scrollIntoViewIfNeeded();
  if ((await el.getAttribute("data-hydrate")) === "interaction") await el.hover();
  await page.locator(`#slot-${slot}[data-${outcome}='true']`).waitFor({ timeout: 20_000 });
}

/**
 * The car page's Similar vehicles row once the shopper has neared it and its related-cars call has settled: loaded,
 * or failed (then the row is its search link). The server renders no similar cars (ADR 0076).
 */
export async function waitForSimilarRow(page: Page): Promise<void> {
  await waitForSlot(page, "similar");
  const row = page.locator("#slot-similar .vehicle-row");
  // A car the similar search does not apply to (not in stock) makes no call: its row is settled as rendered.
  if ((await row.getAttribute("data-related")) === null) return;
  await page.locator("#slot-similar .vehicle-row[data-related='loaded'], #slot-similar .vehicle-row[data-related='failed']").waitFor();
}

/** A car of that site that the search shows (first result card). */
export async function firstCarPath(site: string): Promise<string> {
  const html = await (await fetchSite(site, "/search")).text();
  const href = /href="(\/cars\/[a-z0-9-]+)"/.exec(html)?.[1];
  if (!href) throw new Error(`no car on ${site}'s search page`);
  return href;
}

/** The vehicle viewer responds: in gallery mode (chosen if the car opens on its spin), Next moves the counter. */
export async function galleryStepsForward(page: Page): Promise<void> {
  const vehicle = page.locator("#slot-vehicle");
  const galleryMode = vehicle.getByRole("button", { name: "Gallery", exact: true });
  if (await galleryMode.count()) await galleryMode.click();
  const counter = vehicle.locator(".vehicle-gallery__counter");
  const before = await counter.innerText();
  await vehicle.getByRole("button", { name: "Next image" }).click();
  await expect.poll(() => counter.innerText()).not.toEqual(before);
}

/** A vehicle page whose vehicle slot hydrated and works (the gallery's next button moves to the next picture). */
export async function vehiclePageStillWorks(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForHydration(page);
  await waitForSlot(page, "vehicle");
  await galleryStepsForward(page);
}
