import { type ShellState, createSeededStore } from "@dealer/shared/atoms";
import { pageConfigOf } from "@dealer/shared/config";
import { SHELL_STATE_ELEMENT_ID, serializeJsonForHtml } from "@dealer/shared/fragment";
import type { SlotImage } from "@dealer/shared/media";
import { type PageHead, SELF_HOSTED_FONT_FILES, themeCss } from "@dealer/shared/rules";
import { ShellFooter, ShellHeader } from "@dealer/shell/server";
import { Provider } from "jotai";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";

export type DocumentParts = {
  state: ShellState;
  head: PageHead;
  /** The page's path and query, as asked (the fragments without `SlotPlan.reads` are sent it). */
  path: string;
  /** The page's origin, for the absolute URLs of fragments' structured data. */
  origin: string;
  nonce: string;
  shellBuild: string;
  shellEntry: string;
  /** The shell's own stylesheet, inlined so the first paint waits on no request. */
  shellCss: string;
  /** Each slot remote's fragment styles, inlined for the same reason. */
  styles: { remote: string; build: string; css: string }[];
  /** Scripts the shell will load at start-up (its chunks, the route's remote entries and fragments). */
  preloadScripts: string[];
  pageName: string;
  /** The page's canonical URL; none on a not-found page. */
  canonical: string | null;
  /** schema.org data about the whole site (the home page's WebSite), if any. */
  structuredData: object | null;
  /** The picture the page shows first (a car page's first photo), fetched with high priority before any slot arrives. */
  preloadImage?: SlotImage | null;
};

export const pathWithoutQuery = (path: string) => path.split(/[?#]/, 1)[0] as string;

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Shell components read config and session from the same atoms the slots use. */
export function renderWithState(state: ShellState, node: ReactNode): string {
  return renderToString(<Provider store={createSeededStore(state)}>{node}</Provider>);
}

/** Everything up to the first slot: leaves the server before any remote has answered. */
export function documentStart(parts: DocumentParts): string {
  const { state, nonce, shellBuild } = parts;
  const { theme } = state.config;
  const fontBase = `/_shell/${shellBuild}/fonts`;
  const preloads = parts.preloadScripts.map((href) => `<link rel="preload" as="script" href="${escapeHtml(href)}">`).join("");
  const image = parts.preloadImage;
  // The same srcset and sizes as the <img>, so the browser fetches the candidate the <img> will use; no href, which a
  // browser without imagesrcset would fetch whether or not its <img> then picks it.
  const imagePreload = image
    ? `<link rel="preload" as="image" imagesrcset="${escapeHtml(image.srcSet)}" imagesizes="${escapeHtml(image.sizes)}" fetchpriority="high">`
    : "";
  // CSS text cannot close the element early: "</style" is the only sequence that would.
  const styleTag = (css: string, attrs: string) => `<style nonce="${nonce}"${attrs}>${css.replace(/<\/style/gi, "<\\/style")}</style>`;
  const styles = parts.styles.map((s) => styleTag(s.css, ` data-styles="${escapeHtml(s.remote)}" data-build="${escapeHtml(s.build)}"`)).join("");
  return [
    "<!doctype html>",
    '<html lang="en-AU">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    // No favicon yet: an empty data URL spares every page a 404 request.
    '<link rel="icon" href="data:,">',
    `<title>${escapeHtml(parts.head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(parts.head.description)}">`,
    parts.head.noindex ? '<meta name="robots" content="noindex">' : "",
    parts.canonical ? `<link rel="canonical" href="${escapeHtml(parts.canonical)}">` : "",
    parts.structuredData ? `<script type="application/ld+json">${serializeJsonForHtml(parts.structuredData)}</script>` : "",
    (parts.head.meta ?? []).map(([attribute, key, content]) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`).join(""),
    // The largest picture of the first view goes first: the page's scripts are only needed after it is parsed.
    imagePreload,
    preloads,
    styleTag(parts.shellCss, ""),
    // After the base styles so the tenant's theme wins over its defaults (colours checked for contrast first).
    theme.font === "open-sans" ? `<link rel="preload" as="font" type="font/woff2" crossorigin href="${fontBase}/${SELF_HOSTED_FONT_FILES["open-sans"][0]}">` : "",
    `<style nonce="${nonce}">${themeCss(theme, fontBase)}</style>`,
    styles,
    // The page's copy of the settings leaves out what only the server reads (the drive-away rates, ADR 0072).
    `<script type="application/json" id="${SHELL_STATE_ELEMENT_ID}">${serializeJsonForHtml({ ...state, config: pageConfigOf(state.config) })}</script>`,
    // defer: runs after the whole streamed document is parsed, i.e. after every slot arrived.
    `<script defer nonce="${nonce}" src="/_shell/${shellBuild}/${parts.shellEntry}"></script>`,
    "</head>",
    `<body data-site="${escapeHtml(state.site.slug)}" data-page="${escapeHtml(parts.pageName)}">`,
    '<a class="skip-link" href="#main">Skip to content</a>',
    // The header reads the path alone, as the browser hydrates it (ADR 0118): one document whatever tracking
    // parameter the address carries.
    `<div id="shell-header">${renderWithState(state, <ShellHeader path={pathWithoutQuery(parts.path)} />)}</div>`,
    `<main id="main" tabindex="-1" class="page page--${escapeHtml(parts.pageName)}">`,
  ].join("");
}

export function documentEnd(state: ShellState): string {
  return `</main><div id="shell-footer">${renderWithState(state, <ShellFooter />)}</div></body></html>`;
}
