/**
 * SSRF guard for every URL a tenant names and the platform requests: the dealer's CRM webhooks (ADR 0021) and photo
 * URLs in a stock feed (ADR 0067). For webhooks: a dealer key may name any URL, and the lead
 * consumer would POST to it from inside the platform. In production only https to a public address is
 * sent: no loopback, private, link-local (cloud metadata), CGNAT, multicast or reserved address, no
 * name that resolves to one, and no redirect to one. Locally (`allowLocal`, set only in .dev.vars) the
 * test receiver on 127.0.0.1 over http is allowed.
 */
import { isLocalDev } from "../fragment/dev-faults";

export type WebhookPolicy = {
  allowLocal: boolean;
  /** The addresses a host name resolves to (DNS over HTTPS in production; injected in tests). */
  resolve: (host: string) => Promise<string[]>;
};

export const WEBHOOK_HTTPS_ONLY = "Webhook URLs must use https.";
export const WEBHOOK_PRIVATE_ADDRESS = "Webhook URLs must point at a public internet address.";
export const WEBHOOK_UNRESOLVED = "The webhook's host name does not resolve.";
const MAX_REDIRECTS = 3;

const ipv4Parts = (text: string) => {
  const parts = text.split(".").map(Number);
  return parts.length === 4 && parts.every((part) => Number.isInteger(part) && part >= 0 && part <= 255) && /^[\d.]+$/.test(text) ? parts : null;
};

function privateIpv4([a = 0, b = 0]: number[]): boolean {
  return (
    a === 0 || a === 10 || a === 127 || a >= 224 || // this network, private, loopback, multicast and reserved
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local, cloud metadata
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) || // IETF protocol assignments
    (a === 198 && (b === 18 || b === 19)) // benchmarking
  );
}

/** The 8 16-bit groups of an IPv6 address as the URL parser writes it (compressed, no brackets). */
function ipv6Groups(text: string): number[] | null {
  if (!text.includes(":")) return null;
  const [head = "", tail] = text.split("::");
  const groups = (part: string) => (part ? part.split(":").map((group) => Number.parseInt(group, 16)) : []);
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const all = tail === undefined ? front : [...front, ...Array(8 - front.length - back.length).fill(0), ...back];
  return all.length === 8 && all.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? all : null;
}

function privateIpv6(groups: number[]): boolean {
  const [first = 0] = groups;
  const zeroPrefix = groups.slice(0, 5).every((group) => group === 0);
  // ::ffff:a.b.c.d (IPv4-mapped) and ::a.b.c.d (IPv4-compatible) reach the IPv4 address.
  if (zeroPrefix && (groups[5] === 0xffff || groups[5] === 0)) {
    const high = groups[6] ?? 0;
    const low = groups[7] ?? 0;
    if (groups[5] === 0 && high === 0) return true; // :: and ::1
    return privateIpv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  }
  return (
    (first & 0xfe00) === 0xfc00 || // unique local
    (first & 0xffc0) === 0xfe80 || // link-local
    (first & 0xff00) === 0xff00 || // multicast
    first === 0x64 || // NAT64 well-known prefix 64:ff9b::/96 reaches IPv4
    first === 0x2002 || // 6to4 embeds an IPv4 address
    first === 0x2001 && groups[1] === 0xdb8 // documentation
  );
}

/** True for an IP literal outside the public internet (false for a name: that needs resolving). */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  const v4 = ipv4Parts(bare);
  if (v4) return privateIpv4(v4);
  const v6 = ipv6Groups(bare);
  return v6 ? privateIpv6(v6) : false;
}

const isIpLiteral = (host: string) => ipv4Parts(host) !== null || host.startsWith("[");
/** Names that only mean something inside a network. */
const internalName = (host: string) => !host.includes(".") || /\.(localhost|local|internal|lan|home|corp|intranet)\.?$/.test(host) || host === "localhost";

type Words = { scheme: string; private: string; unresolved: string };
const WEBHOOK_WORDS: Words = { scheme: WEBHOOK_HTTPS_ONLY, private: WEBHOOK_PRIVATE_ADDRESS, unresolved: WEBHOOK_UNRESOLVED };

/** A URL the guard will not fetch: the reason is the dealer's to read, and sending again will not help. */
export class OutboundRefused extends Error {}

const parseHttp = (raw: string) => {
  const url = URL.canParse(raw) ? new URL(raw) : null;
  return url && (url.protocol === "https:" || url.protocol === "http:") ? url : null;
};

/** Why this URL's host is not on the public internet (an IP literal, an internal name, or a name resolving to one). */
async function publicAddressProblem(url: URL, resolve: WebhookPolicy["resolve"], words: Words): Promise<string | null> {
  if (url.username || url.password) return words.private;
  const host = url.hostname.toLowerCase();
  if (isIpLiteral(host)) return isPrivateAddress(host) ? words.private : null;
  if (internalName(host)) return words.private;
  const addresses = await resolve(host).catch(() => []);
  if (addresses.length === 0) return words.unresolved;
  return addresses.some(isPrivateAddress) ? words.private : null;
}

/** Why this URL may not receive leads, or null when it may. Parses with the URL parser, as fetch will. */
export async function webhookUrlProblem(raw: string, policy: WebhookPolicy): Promise<string | null> {
  const url = parseHttp(raw);
  if (!url) return WEBHOOK_HTTPS_ONLY;
  if (policy.allowLocal) return null;
  if (url.protocol !== "https:") return WEBHOOK_HTTPS_ONLY;
  return publicAddressProblem(url, policy.resolve, WEBHOOK_WORDS);
}

/**
 * Requests `url` with redirects followed by hand, at most 3, each target checked by `problemOf` before it is asked
 * (fetch's own redirect would go anywhere). `follows(status)` says which redirects the request may take.
 */
async function guardedFetch(
  url: string,
  init: RequestInit,
  problemOf: (target: string, redirected: boolean) => Promise<string | null>,
  follows: (status: number) => string | null,
  fetcher: typeof fetch,
): Promise<Response> {
  let target = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    const problem = await problemOf(target, hop > 0);
    if (problem) throw new OutboundRefused(hop === 0 ? problem : `Redirect refused: ${problem}`);
    const response = await fetcher(target, { ...init, redirect: "manual" });
    const location = response.headers.get("location");
    if (response.status < 300 || response.status >= 400 || !location) return response;
    await response.body?.cancel();
    const refusal = follows(response.status);
    if (refusal) throw new OutboundRefused(`Redirect refused: ${refusal}`);
    target = new URL(location, target).href;
  }
  throw new OutboundRefused(`Redirect refused: more than ${MAX_REDIRECTS} redirects`);
}

/** POSTs to a webhook the guard allows. A 307/308 repeats the POST; other redirects are refused, since they would turn the lead into a GET. */
export function guardedPost(url: string, init: RequestInit, policy: WebhookPolicy, fetcher: typeof fetch): Promise<Response> {
  return guardedFetch(
    url,
    init,
    (target) => webhookUrlProblem(target, policy),
    (status) => (status === 307 || status === 308 ? null : `HTTP ${status} would drop the lead's body`),
    fetcher,
  );
}

/** A dealer's photo URLs (issue 30): http or https to a public address. */
export type PhotoPolicy = {
  /** Locally (LOCAL_DEV): a loopback URL as the feed names it, for the test and demo origins; never through a redirect. */
  allowLoopback: boolean;
  resolve: WebhookPolicy["resolve"];
};
export const PHOTO_SCHEME = "Photo URLs must use http or https.";
export const PHOTO_PRIVATE_ADDRESS = "Photo URLs must point at a public internet address.";
export const PHOTO_UNRESOLVED = "The photo's host name does not resolve.";
const PHOTO_WORDS: Words = { scheme: PHOTO_SCHEME, private: PHOTO_PRIVATE_ADDRESS, unresolved: PHOTO_UNRESOLVED };
const isLoopbackHost = (host: string) => host === "localhost" || host === "[::1]" || ipv4Parts(host)?.[0] === 127;

/** Why this photo URL may not be fetched (`redirected`: reached through a redirect), or null when it may. */
export async function photoUrlProblem(raw: string, policy: PhotoPolicy, redirected = false): Promise<string | null> {
  const url = parseHttp(raw);
  if (!url) return PHOTO_SCHEME;
  if (policy.allowLoopback && !redirected && isLoopbackHost(url.hostname)) return null;
  return publicAddressProblem(url, policy.resolve, PHOTO_WORDS);
}

/** GETs a photo the guard allows, following any redirect to an allowed address. */
export function guardedGet(url: string, init: RequestInit, policy: PhotoPolicy, fetcher: typeof fetch): Promise<Response> {
  return guardedFetch(url, { ...init, method: "GET" }, (target, redirected) => photoUrlProblem(target, policy, redirected), () => null, fetcher);
}

type DnsAnswer = { Answer?: { type: number; data: string }[] };

/** Production resolver: Cloudflare's DNS over HTTPS, A and AAAA records. */
export async function resolveOverHttps(host: string, fetcher: typeof fetch = fetch): Promise<string[]> {
  const lookups = ["A", "AAAA"].map(async (type) => {
    const response = await fetcher(`https://cloudflare-dns.com/dns-query?name=${encodeURIComponent(host)}&type=${type}`, {
      headers: { accept: "application/dns-json" },
      signal: AbortSignal.timeout(3000),
    });
    const body = (await response.json()) as DnsAnswer;
    // 1 = A, 28 = AAAA; CNAME (5) records in between are followed by the resolver itself.
    return (body.Answer ?? []).filter((answer) => answer.type === 1 || answer.type === 28).map((answer) => answer.data);
  });
  return (await Promise.all(lookups)).flat();
}

export const webhookPolicy = (env: { LOCAL_DEV?: string }): WebhookPolicy => ({
  allowLocal: isLocalDev(env),
  resolve: (host) => resolveOverHttps(host),
});

export const photoPolicy = (env: { LOCAL_DEV?: string }): PhotoPolicy => ({
  allowLoopback: isLocalDev(env),
  resolve: (host) => resolveOverHttps(host),
});
