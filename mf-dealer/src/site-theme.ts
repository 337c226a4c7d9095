import { type HostSite, siteFromHost } from "@dealer/shared/http";
import { themeColourProperties } from "@dealer/shared/rules";
import type { MiddlewareHandler } from "hono";
import type { Env } from "./env";

/** The site a request's staff check already read (staffFor), so the theme costs no second lookup. */
const sites = new WeakMap<Request, HostSite>();
export const rememberSite = (request: Request, site: HostSite) => sites.set(request, site);

/**
 * Every console page in its site's own colours (issue 31, ADR 0073): the theme's colours, made AA-safe as on the
 * shopper's pages, set on the page's root element as the design system's custom properties. A style attribute, as
 * the gateway's CSP allows (style-src-attr), since this Worker has no nonce for a style element; the pages render
 * nothing for it, so no page signature carries the theme. The pages are whole strings (renderToString, page.tsx),
 * so the root element is the document's first tag.
 */
export const withSiteTheme: MiddlewareHandler<{ Bindings: Env }> = async (c, next) => {
  await next();
  if (!c.res.headers.get("content-type")?.startsWith("text/html")) return;
  const site = sites.get(c.req.raw) ?? (await siteFromHost(c.env.DB, c.req.header("host")));
  if (!site) return;
  const style = themeColourProperties(site.config.theme)
    .map(([name, value]) => `${name}:${value}`)
    .join(";");
  const page = await c.res.text();
  // The colours are hex (the theme's schema), so the attribute needs no escaping.
  c.res = new Response(page.replace(/^<!doctype html><html /, `$&style="${style}" `), c.res);
};
