import { anonymousSession, type ShellState } from "@dealer/shared/atoms";
import { DEV_FAULT_HEADER, devFaultsEnabled } from "@dealer/shared/dev-faults";
import { remoteNameSchema } from "@dealer/shared/fragment";
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
import { isInStock, isSold, TEST_DRIVE_ONLY_TAG } from "@dealer/shared/rules";
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
  app.get("/_mf/:remote/*", (c) => {
    const remote = remoteNameSchema.safeParse(c.req.param("remote"));
    return remote.success ? forwardToRemote(c.env, remote.data, c.req.raw) : c.notFound();
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

  app.get("*", async (c) => {
    const tenant = c.var.tenant;
    const state = shellState(tenant);
    const url = new URL(c.req.url);
    const path = url.pathname + url.search;
    const match = matchRoute(url);
    const base = { state, path, nonce: c.var.nonce, shellBuild: c.env.SHELL_BUILD_ID, shellEntry: c.env.SHELL_ENTRY };
    const notFound = () =>
      c.body(shellOnlyPage({ ...base, title: "Page not found", pageName: "not-found" }, renderWithState(state, <NotFoundPage />)), 404, HTML);

    if (!match) return notFound();
    const { plan, params } = match;
    if (plan.shellPage) {
      if (plan.shellPage === "brands" && !tenant.config.features.brandsPage) return notFound();
      const body = renderWithState(state, await shellPages[plan.shellPage](c.env, tenant));
      return c.body(shellOnlyPage({ ...base, title: plan.title, pageName: plan.name }, body), 200, HTML);
    }
    const subject = plan.requires ? await pageSubject(c.env, tenant.slug, plan.requires, params) : null;
    if (plan.requires && !subject) return notFound();
    const pagePlan = slotsFor(plan, subject && "car" in subject ? subject.car : null);
    const devFault = devFaultsEnabled() ? c.req.header(DEV_FAULT_HEADER) : undefined;
    const stream = streamComposedPage(c.env, c.executionCtx, { ...base, title: plan.title, pageName: plan.name }, pagePlan, params, devFault);
    return c.body(stream, 200, { ...HTML, "cache-control": "no-store" });
  });

  return app;
}

const subjectQueries = {
  car: { table: "vehicles", param: "slug", columns: "status, json_extract(data, '$.tag') AS tag" },
  location: { table: "locations", param: "location", columns: "1 AS found" },
} as const;

/**
 * The page's car or location, checked before streaming starts since the status line leaves with the head;
 * for a car, what its slots depend on. Null when the tenant has no such thing.
 */
async function pageSubject(
  env: GatewayEnv,
  site: string,
  subject: keyof typeof subjectQueries,
  params: Record<string, string>,
): Promise<{ car: PageCar } | { found: true } | null> {
  const { table, param, columns } = subjectQueries[subject];
  const row = await env.DB.prepare(`SELECT ${columns} FROM ${table} WHERE site = ? AND slug = ?`).bind(site, params[param] ?? "").first<{ status?: string; tag?: unknown }>();
  if (!row) return null;
  if (subject !== "car") return { found: true };
  const status = String(row.status ?? "");
  const tag = typeof row.tag === "string" ? row.tag.trim() : "";
  return { car: { sold: isSold(status), testDriveOnly: isInStock(status) && tag === TEST_DRIVE_ONLY_TAG } };
}

