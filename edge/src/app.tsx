import { anonymousSession, type ShellState } from "@dealer/shared/atoms";
import { DEV_FAULT_HEADER, devFaultsEnabled } from "@dealer/shared/dev-faults";
import { remoteNameSchema } from "@dealer/shared/fragment";
import { isInStock, isSold, pageHead, TEST_DRIVE_ONLY_TAG, vehicleTitle } from "@dealer/shared/rules";
import { BrandsPage, HomePage, NotFoundPage, SitesIndexPage, SuccessPage } from "@dealer/shell/server";
import { Hono } from "hono";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { createImageRoutes } from "./images";
import type { GatewayEnv } from "./env";
import { loadBrandTiles } from "./page/brand-tiles";
import { renderWithState } from "./page/document";
import { fetchPropsForSlot } from "./page/slot-props";
import { shellOnlyPage, streamComposedPage } from "./page/stream-page";
import { forwardToRemote } from "./proxy/forward";
import { matchRoute, type PageCar, type ShellPageName, slotsFor } from "./routes/slot-plans";
import { type SecurityVariables, securityHeaders } from "./security/headers";
import { classifyHost, listSites, resolveTenant, type Tenant } from "./tenant/resolve-tenant";

type Gateway = { Bindings: GatewayEnv; Variables: SecurityVariables & { tenant: Tenant } };

/** Names the tenant on requests forwarded to mf-vehicle (mf-vehicle/src/api/routes.ts SITE_HEADER). */
const VEHICLE_SITE_HEADER = "x-dealer-site";

const HTML = { "content-type": "text/html; charset=utf-8" };

function shellState(tenant: Tenant): ShellState {
  return {
    site: { slug: tenant.slug, name: tenant.name, template: tenant.template },
    config: tenant.config,
    // Sign-in is not built yet: every shopper is anonymous.
    session: anonymousSession,
  };
}

const shellPages: Record<ShellPageName, (env: GatewayEnv, tenant: Tenant) => Promise<ReactElement>> = {
  home: async () => <HomePage />,
  brands: async (env, tenant) => <BrandsPage brands={await loadBrandTiles(env.DB, tenant.slug)} />,
  success: async () => <SuccessPage />,
};

export function createGatewayApp() {
  const app = new Hono<Gateway>();
  app.use(securityHeaders);

  // Platform-wide paths, same on every host.
  app.route("/cdn", createImageRoutes());
  app.get("/_shell/*", async (c) => {
    const asset = await c.env.ASSETS.fetch(new Request(new URL(c.req.path.replace(/^\/_shell/, ""), c.req.url)));
    const response = new Response(asset.body, asset);
    // Paths carry the shell's build id, so a file never changes under its URL.
    if (asset.ok) response.headers.set("cache-control", "public, max-age=31536000, immutable");
    return response;
  });
  app.get("/_mf/:remote/*", async (c) => {
    const remote = remoteNameSchema.safeParse(c.req.param("remote"));
    if (!remote.success) return c.notFound();
    const response = await forwardToRemote(c.env, remote.data, c.req.raw);
    return response.ok ? response : failedAsset(c.req.path, response);
  });
  app.get("/healthz", (c) => c.json({ ok: true, shellBuild: c.env.SHELL_BUILD_ID }));

  // Everything else belongs to a tenant named by the Host header.
  app.use(async (c, next) => {
    const target = classifyHost(c.req.header("host"));
    if (target.kind === "platform-index") {
      if (c.req.path !== "/") return c.text("Not found", 404);
      const sites = await listSites(c.env);
      return c.html(`<!doctype html>${renderToString(<SitesIndexPage sites={sites} />)}`);
    }
    const tenant = await resolveTenant(c.env, target);
    if (!tenant) return c.text("No dealer site is configured for this address.", 404);
    c.set("tenant", tenant);
    await next();
  });

  // Search API, stock feed and leads are served by their remotes on the tenant's own host.
  app.all("/1/*", (c) => forwardToRemote(c.env, "mf-search", c.req.raw));
  app.all("/api/stock/*", (c) => forwardToRemote(c.env, "mf-search", c.req.raw));
  app.all("/api/leads/*", (c) => forwardToRemote(c.env, "mf-forms", c.req.raw));
  app.all("/api/leads", (c) => forwardToRemote(c.env, "mf-forms", c.req.raw));
  // Vehicle page calls; mf-vehicle learns the tenant from the gateway's header, never from the browser.
  const toVehicle = (c: { env: GatewayEnv; req: { raw: Request }; var: { tenant: Tenant } }) => {
    const request = new Request(c.req.raw);
    request.headers.set(VEHICLE_SITE_HEADER, c.var.tenant.slug);
    return forwardToRemote(c.env, "mf-vehicle", request);
  };
  app.get("/cars/:slug/autogauge", toVehicle);
  app.all("/api/vehicles/*", toVehicle);

  app.get("/_props/:remote/:fragment", async (c) => {
    return fetchPropsForSlot(c.env, shellState(c.var.tenant), {
      remote: c.req.param("remote"),
      fragment: c.req.param("fragment"),
      slot: c.req.query("slot") ?? "",
      path: c.req.query("path") ?? "",
    });
  });

  app.get("/robots.txt", (c) => c.text("User-agent: *\nAllow: /\nDisallow: /_props/\n"));

  app.get("*", async (c) => {
    const tenant = c.var.tenant;
    const state = shellState(tenant);
    const url = new URL(c.req.url);
    const path = url.pathname + url.search;
    const match = matchRoute(url);
    const waitUntil = (promise: Promise<unknown>) => c.executionCtx.waitUntil(promise);
    const parts = (pageTitle: string, pageName: string, place?: string) => ({
      state,
      path,
      nonce: c.var.nonce,
      shellBuild: c.env.SHELL_BUILD_ID,
      shellEntry: c.env.SHELL_ENTRY,
      pageName,
      head: pageHead({ siteName: tenant.name, template: tenant.template, pageTitle, pageName, ...(place ? { place } : {}) }),
    });
    const shellPage = async (pageTitle: string, pageName: string, body: ReactElement, status: 200 | 404) =>
      c.body(await shellOnlyPage(c.env, parts(pageTitle, pageName), renderWithState(state, body), waitUntil), status, HTML);
    const notFound = () => shellPage("Page not found", "not-found", <NotFoundPage />, 404);

    if (!match) return notFound();
    const { plan, params } = match;
    if (plan.shellPage) {
      if (plan.shellPage === "brands" && !tenant.config.features.brandsPage) return notFound();
      return shellPage(plan.title, plan.name, await shellPages[plan.shellPage](c.env, tenant), 200);
    }
    const subject = plan.requires ? await pageSubject(c.env, tenant.slug, plan.requires, params) : null;
    if (plan.requires && !subject) return notFound();
    const devFault = devFaultsEnabled() ? c.req.header(DEV_FAULT_HEADER) : undefined;
    const page = parts(subject?.title ?? plan.title, plan.name, subject?.place);
    const stream = streamComposedPage(c.env, c.executionCtx, page, slotsFor(plan, subject?.car ?? null), params, devFault);
    return c.body(stream, 200, { ...HTML, "cache-control": "no-store" });
  });

  return app;
}

const assetTypes: Record<string, string> = { js: "text/javascript", css: "text/css", json: "application/json" };

/**
 * A file a remote could not serve keeps its status but says it is of the type asked for: under
 * nosniff, a script answered as text/plain is a console error about MIME types instead of the
 * plain load failure the shell handles (a dead remote's slot then offers Retry).
 */
function failedAsset(path: string, response: Response): Response {
  response.body?.cancel();
  const type = assetTypes[path.slice(path.lastIndexOf(".") + 1)] ?? "text/plain";
  return new Response(null, { status: response.status, headers: { "content-type": type, "cache-control": "no-store" } });
}

/** For a car page, also what its slots depend on (see slotsFor). */
type PageSubject = { title?: string; place?: string; car?: PageCar };

/** The car or location a page is about; checked before streaming starts, since the status line leaves with the head. */
async function pageSubject(env: GatewayEnv, site: string, subject: "car" | "location", params: Record<string, string>): Promise<PageSubject | null> {
  if (subject === "location") {
    const row = await env.DB.prepare("SELECT json_extract(data, '$.name') AS name FROM locations WHERE site = ? AND slug = ?").bind(site, params.location ?? "").first<{ name: string }>();
    return row ? { title: row.name } : null;
  }
  const row = await env.DB.prepare(
    "SELECT json_extract(data, '$.year') AS year, json_extract(data, '$.make') AS make, json_extract(data, '$.model') AS model, json_extract(data, '$.badge') AS badge, json_extract(data, '$.city') AS city, status, json_extract(data, '$.tag') AS tag FROM vehicles WHERE site = ? AND slug = ?",
  )
    .bind(site, params.slug ?? "")
    .first<{ year: number | null; make: string | null; model: string | null; badge: string | null; city: string | null; status: string; tag: unknown }>();
  if (!row) return null;
  const tag = typeof row.tag === "string" ? row.tag.trim() : "";
  const car = { sold: isSold(row.status), testDriveOnly: isInStock(row.status) && tag === TEST_DRIVE_ONLY_TAG };
  return { title: vehicleTitle(row), ...(row.city ? { place: row.city } : {}), car };
}
