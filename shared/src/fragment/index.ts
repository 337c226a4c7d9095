import { z } from "zod";
import { siteConfigSchema } from "../config/site-config";
import { siteTemplateSchema } from "../contract/site";
import { sessionSchema } from "../contract/session";
import { serializeJsonForHtml } from "./json-for-html";

/**
 * The wire contract between the gateway, the remote Workers and the shell.
 *
 * Gateway -> remote Worker (service binding):
 *   POST /fragments/{Fragment}  body FragmentRequest -> 200 text/html (streamed slot markup), header x-build-id,
 *                               and x-fragment-data when the gateway may keep the markup (FRAGMENT_DATA_HEADER)
 *   POST /props/{Fragment}      body FragmentRequest -> 200 application/json (the fragment's props)
 *   GET  /_mf/{remote}/{buildId|latest}/...         -> client assets (mf-manifest.json, chunks)
 * Browser -> gateway:
 *   GET /_mf/{remote}/...                             -> forwarded to the remote unchanged
 *   GET /_props/{remote}/{Fragment}?slot=&path=       -> props for a slot the server could not render
 */
export const remoteNames = ["mf-search", "mf-vehicle", "mf-forms", "mf-locations", "mf-finance", "mf-dealer"] as const;
export const remoteNameSchema = z.enum(remoteNames);
export type RemoteName = z.infer<typeof remoteNameSchema>;

export const BUILD_ID_HEADER = "x-build-id";

/**
 * Sent by a remote whose markup is decided by the request and one data set: `request` (the request alone) or
 * `stock:{site}:{version}` (the site's stock at that version, stockDataVersion in @dealer/shared/http). The gateway may answer an
 * identical request with the same markup while that data set is still at that version (edge/src/page/slot-cache.ts).
 */
export const FRAGMENT_DATA_HEADER = "x-fragment-data";
/**
 * The cars a rendered slot shows as search results, comma-separated ids. The gateway keeps it with kept markup and
 * counts them as search appearances each time it serves the slot (ADR 0070).
 */
export const SHOWN_CARS_HEADER = "x-shown-cars";
export const REQUEST_ONLY_DATA = "request";
/**
 * Request-only markup that also ignores the page's address (path and params): a shopper's own list that renders in
 * the browser, the same empty frame on every page. The gateway keeps it under a key without the address, so a new
 * address is not a new call (ADR 0104).
 */
export const ANY_ADDRESS_DATA = "request:any-address";
/** Whether markup rendered from `data` is decided by the request alone (with or without its address). */
export const isRequestOnlyData = (data: string): boolean => data === REQUEST_ONLY_DATA || data === ANY_ADDRESS_DATA;

/**
 * When the shell hydrates a slot: "load" as soon as it is near the viewport; "interaction" on the
 * shopper's first pointer or focus inside it (its server HTML reads and, for forms, posts without
 * JavaScript), so a page's first load carries only the code its main content needs.
 */
export const hydrateModeSchema = z.enum(["load", "interaction"]);
export type HydrateMode = z.infer<typeof hydrateModeSchema>;

export const fragmentRequestSchema = z.object({
  site: z.object({ slug: z.string(), name: z.string(), template: siteTemplateSchema }),
  config: siteConfigSchema,
  session: sessionSchema,
  /** Slot id in the page, unique per page. */
  slot: z.string().regex(/^[a-z0-9-]+$/),
  /** Page path and query as the shopper asked for it. */
  path: z.string().startsWith("/"),
  /** The page's origin as the shopper reached it (https://dealer.example): structured data's URLs are absolute. */
  origin: z.url(),
  /** Route parameters (e.g. slug) plus the query string's values. */
  params: z.record(z.string(), z.string()),
  hydrate: hydrateModeSchema.default("load"),
});
export type FragmentRequest = z.infer<typeof fragmentRequestSchema>;

/** What the shell reads off a slot element to hydrate or client-render it. */
export const slotMarkerSchema = z.object({
  slot: z.string(),
  remote: remoteNameSchema,
  fragment: z.string(),
  build: z.string(),
  /** Set when the server sent a fallback: render on the client. */
  fallback: z.boolean(),
  hydrate: hydrateModeSchema,
});
export type SlotMarker = z.infer<typeof slotMarkerSchema>;

function escapeAttr(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

/** Opening tag of a slot; the same markup for server-rendered and fallback slots. */
export function slotOpenTag(marker: SlotMarker): string {
  const attrs = [
    `id="slot-${escapeAttr(marker.slot)}"`,
    `data-slot="${escapeAttr(marker.slot)}"`,
    `data-remote="${escapeAttr(marker.remote)}"`,
    `data-fragment="${escapeAttr(marker.fragment)}"`,
    `data-build="${escapeAttr(marker.build)}"`,
  ];
  if (marker.fallback) attrs.push('data-fallback="true"');
  if (marker.hydrate === "interaction") attrs.push('data-hydrate="interaction"');
  return `<div ${attrs.join(" ")}>`;
}

export const SLOT_CLOSE_TAG = "</div>";

/**
 * Every remote ships its fragments' styles as fragments.css beside its client build. The gateway
 * inlines the current build's in the page's head; a slot rendered by another build gets this link
 * before its element, outside the React root, so it cannot disturb hydration.
 */
export const FRAGMENT_STYLESHEET = "fragments.css";

export function stylesheetTag(remote: RemoteName, build: string): string {
  return `<link rel="stylesheet" href="/_mf/${escapeAttr(remote)}/${escapeAttr(build)}/${FRAGMENT_STYLESHEET}">`;
}

export { serializeJsonForHtml };

/** Props travel beside their slot as non-executable JSON, so CSP needs no nonce for them. */
export function propsScriptTag(slot: string, props: unknown): string {
  return `<script type="application/json" id="slot-${escapeAttr(slot)}-props">${serializeJsonForHtml(props)}</script>`;
}

export const SHELL_STATE_ELEMENT_ID = "shell-state";

export function readSlotMarker(el: Element): SlotMarker | null {
  const parsed = slotMarkerSchema.safeParse({
    slot: el.getAttribute("data-slot"),
    remote: el.getAttribute("data-remote"),
    fragment: el.getAttribute("data-fragment"),
    build: el.getAttribute("data-build"),
    fallback: el.getAttribute("data-fallback") === "true",
    hydrate: el.getAttribute("data-hydrate") === "interaction" ? "interaction" : "load",
  });
  return parsed.success ? parsed.data : null;
}
