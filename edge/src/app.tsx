import { anonymousSession, type Session, type ShellState } from "@dealer/shared/atoms";
import { DEV_FAULT_HEADER, isLocalDev } from "@dealer/shared/dev-faults";
import { remoteNameSchema } from "@dealer/shared/fragment";
import { CONFIG_PREVIEW_COOKIE, isStockPhotoPath, sameSiteOnly, sessionFromCookie } from "@dealer/shared/http";
import { countInsight, DEV_NO_COUNT_HEADER, insightDay } from "@dealer/shared/insights";
import {
  canonicalUrl,
  gatedRedirect,
  landingTitle,
  type PageSocial,
  pageHead,
  SIGN_IN_PATH,
  safeReturnPath,
  websiteStructuredData,
} from "@dealer/shared/rules";
import {
  BlogPage,
  BlogPostPage,
  BlogSection,
  BodyTypeTiles,
  BrandBanner,
  BrandTiles,
  ContentPage,
  Hero,
  ModelAccessoriesIntro,
  ModelRange,
  NotFoundPage,
  PageIntro,
  PromotionsSlider,
  SitesIndexPage,
  StatisticsBanner,
  SuccessPage,
} from "@dealer/shell/server";
import { Hono } from "hono";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { createImageRoutes } from "./images";
import { servePhoto } from "./images/photo-route";
import { createMediaRoutes, DEMO_MEDIA_FILES, serveVideo } from "./media";
import type { GatewayEnv } from "./env";
import { carFileStart, carFileStream, PAGES_FILE, pagePaths, sitemapIndexXml, urlsetXml } from "./content/sitemap";
import { findBrand, findContentPage, loadBlogPosts, loadBrandTiles, loadSlides, loadStatistics } from "./content/site-content";
import { loadModelRange, loadStockBodies } from "./content/site-stock";
import { renderWithState } from "./page/document";
import { fetchPropsForSlot } from "./page/slot-props";
import { configFingerprint } from "./page/kept-bytes";
import { findRangeModel, pageSubject } from "./page/page-subject";
import { createPageCache, type KeptPageSlot, keptPageBytes, pageAddress, pageKey } from "./page/page-cache";
import { DEV_TIMING_HEADER, type RenderedShellPart, shellOnlyPage, streamComposedPage, timingComment } from "./page/stream-page";
import { holdingAnswer, holdingPage } from "./operator/holding-page";
import { createOperatorApi } from "./operator/operator-api";
import { forwardToRemote } from "./proxy/forward";
import { resolveSiteLanding } from "./routes/landing-paths";
import { matchRoute, type RoutePlan, type ShellPageName, type ShellPartName, slotsFor } from "./routes/slot-plans";
import { type SecurityVariables, securityHeaders } from "./security/headers";
import { classifyHost, listSites, resolveTenant, type Tenant, withPreview } from "./tenant/resolve-tenant";

type Gateway = { Bindings: GatewayEnv; Variables: SecurityVariables & { tenant: Tenant } };

/** Names the tenant on requests forwarded to mf-vehicle (mf-vehicle/src/api/routes.ts SITE_HEADER). */
const VEHICLE_SITE_HEADER = "x-dealer-site";

const HTML = { "content-type": "text/html; charset=utf-8" };
/** Whole anonymous car pages, kept by the listing and car versions read beside the car (ADR 0087, 0123). */
const pageCache = createPageCache();
const NOT_FOUND_PAGE = "not-found";

function shellState(tenant: Tenant, session: Session): ShellState {
  return { site: { slug: tenant.slug, name: tenant.name, template: tenant.template }, config: tenant.config, session };
}

/**
 * The shopper's session on this site, read on the server so a signed-in page renders signed in (ADR 0016);
 * anonymous without a cookie (no query), or when the cookie is unknown, expired or another site's.
 */
async function sessionFor(env: GatewayEnv, tenant: Tenant, cookie: string | undefined): Promise<Session> {
  if (!cookie?.includes("__Host-")) return anonymousSession;
  const session = await sessionFromCookie(env.DB, tenant.slug, cookie).catch((error: unknown) => {
    console.error("[edge] session lookup failed", error);
    return null;
  });
  return session
    ? { userId: session.userId, phone: session.phone, name: session.name ?? null, postcode: session.postcode ?? null, watchlist: session.watchlist ?? [] }
    : anonymousSession;
}

/** Whether the car a personalised finance link names has an NVIC (the gate applies only then). */
async function carHasNvic(env: GatewayEnv, tenant: Tenant, url: URL): Promise<boolean> {
  const carId = url.searchParams.get("car_id");
  if (!url.pathname.startsWith("/personalised/finance") || !carId) return false;
  const row = await env.DB.prepare(
    // By slug or by id, each an indexed lookup (a CAST of the id would scan the site's rows).
    "SELECT coalesce(json_extract(data, '$.has_nvic'), json_extract(data, '$.nvic') IS NOT NULL) AS has FROM vehicles WHERE site = ?1 AND (slug = ?2 OR id = ?3)",
  )
    .bind(tenant.slug, carId, /^\d{1,15}$/.test(carId) ? Number(carId) : null)
    .first<{ has: number }>();
  return Boolean(row?.has);
}

type PageContext = { env: GatewayEnv; tenant: Tenant; params: Record<string, string>; path: string; plan: RoutePlan };
/** A shell page's body and the title and description it gives the head; null is the tenant's 404. */
type ShellPageResult = { element: ReactElement; title?: string; description?: string } | null;

const shellPages: Record<ShellPageName, (page: PageContext) => Promise<ShellPageResult>> = {
  success: async () => ({ element: <SuccessPage /> }),
  content: async ({ env, tenant, path }) => {
    const page = await findContentPage(env.DB, tenant, path);
    return page ? { element: <ContentPage page={page} />, title: page.title, description: page.description } : null;
  },
  blog: async ({ env, tenant, path, plan }) => {
    const category = path.startsWith("/blog/vehicle-reviews") ? "vehicle-reviews" : undefined;
    const posts = await loadBlogPosts(env.DB, tenant.slug, category);
    return { element: <BlogPage title={plan.title} posts={posts} current={category ? "/blog/vehicle-reviews" : "/blog"} /> };
  },
  // Any ?body= gives a page: a body the site stocks filters the range, any other lists it all; without search, an empty range.
  models: async ({ env, tenant, params }) => {
    const range = await loadModelRange(env, tenant, params.body).catch(() => ({ body: null, bodies: [], models: [] }));
    const asked = Boolean(params.body?.trim());
    return { element: <ModelRange {...range} asked={asked} />, ...(range.body ? { title: `${range.body} models` } : {}) };
  },
  "blog-post": async ({ env, tenant, params }) => {
    const post = (await loadBlogPosts(env.DB, tenant.slug)).find((p) => p.slug === params.post);
    return post ? { element: <BlogPostPage post={post} />, title: post.heading, description: post.description } : null;
  },
};

/** Shell parts of composed pages (home sections, page intros, the brand banner): static, no JavaScript. */
const shellParts: Record<ShellPartName, (page: PageContext) => Promise<ReactElement | null>> = {
  hero: async () => <Hero />,
  statistics: async ({ env, tenant }) => <StatisticsBanner statistics={await loadStatistics(env.DB, tenant.slug)} />,
  promotions: async ({ env, tenant }) => <PromotionsSlider slides={await loadSlides(env.DB, tenant.slug)} />,
  "body-types": async ({ env, tenant }) => <BodyTypeTiles bodies={await loadStockBodies(env, tenant, tenant.config.home.bodyTypeTiles)} />,
  "blog-cards": async ({ env, tenant }) => <BlogSection posts={await loadBlogPosts(env.DB, tenant.slug)} />,
  "brand-banner": async ({ env, tenant, params }) => {
    const brand = await findBrand(env, tenant, params.brand ?? "");
    return brand ? <BrandBanner brand={brand} /> : null;
  },
  "page-intro": async ({ plan }) => <PageIntro title={plan.title} description={plan.description} />,
  "brand-tiles": async ({ env, tenant }) => <BrandTiles brands={await loadBrandTiles(env, tenant)} />,
  "model-accessories": async ({ env, tenant, params }) => {
    const model = await findRangeModel(env, tenant, params.model ?? "");
    return model ? <ModelAccessoriesIntro model={model} /> : null;
  },
};

async function renderShellParts(state: ShellState, page: PageContext): Promise<RenderedShellPart[]> {
  return Promise.all(
    (page.plan.parts ?? []).map(async (part) => {
      const element = await shellParts[part.name](page);
      return { ...(part.before ? { before: part.before } : {}), html: element ? renderWithState(state, element) : "" };
    }),
  );
}

/** A disabled site's answer lasts until the operator enables it: a day before asking again. */
const HOLDING_HEADERS = { "retry-after": "86400" };

export function createGatewayApp() {
  const app = new Hono<Gateway>();
  app.use(securityHeaders);

  // Platform-wide paths, same on every host.
  app.route("/cdn", createImageRoutes());
  // The demo's dealer-hosted walkaround videos (ADR 0054).
  app.route("/", createMediaRoutes(DEMO_MEDIA_FILES));
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
  // Local runs only: a remote's cron on demand (ADR 0084). Only the gateway listens in the local session, so
  // `/__scheduled/{remote}?cron=…` hands the request to the remote, which runs the cron when LOCAL_DEV is on.
  app.get("/__scheduled/:remote", (c) => {
    const remote = remoteNameSchema.safeParse(c.req.param("remote"));
    if (!isLocalDev(c.env) || !remote.success) return c.notFound();
    const url = new URL(c.req.url);
    return forwardToRemote(c.env, remote.data, new Request(new URL(`/__scheduled${url.search}`, url), { method: "GET" }));
  });
  // The operator's API (sites and keys): the operator key decides, on any host.
  app.route("/api/operator", createOperatorApi());

  // Everything else belongs to a tenant named by the Host header.
  app.use(async (c, next) => {
    const target = classifyHost(c.req.header("host"));
    if (target.kind === "platform-index") {
      if (c.req.path !== "/") return c.text("Not found", 404);
      const sites = await listSites(c.env);
      return c.html(`<!doctype html>${renderToString(<SitesIndexPage sites={sites} port={Number(new URL(c.req.url).port) || 80} />)}`);
    }
    const published = await resolveTenant(c.env, target);
    if (!published) return c.text("No dealer site is configured for this address.", 404);
    if (published.disabled) {
      // A form's script, a feed or a search reads the answer: JSON for the APIs, the holding page for people.
      const api = c.req.path.startsWith("/api/") || c.req.path.startsWith("/1/");
      return api ? c.json(holdingAnswer(published.name), 503, HOLDING_HEADERS) : c.html(holdingPage(published.name), 503, HOLDING_HEADERS);
    }
    const cookie = c.req.header("cookie");
    const tenant = cookie?.includes(CONFIG_PREVIEW_COOKIE) ? await withPreview(c.env, published, cookie) : published;
    c.set("tenant", tenant);
    await next();
    // An admin's preview of a draft configuration (ADR 0046): said on the response, never kept by a cache.
    if (tenant.preview) {
      // A remote's forwarded response has immutable headers: answer a copy.
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set("x-config-preview", "draft");
      c.res.headers.set("cache-control", "private, no-store");
    }
  });

  // CSRF (ADR 0057): every state-changing request on a tenant's host comes from its own pages, whichever remote
  // serves it, unless a key or a signature authenticates it: the search API (its key travels in its own header
  // or query), the stock feed and the payment processors' signed webhooks. A car's photos take a staff cookie too
  // (ADR 0078), so they are guarded unless a key authenticates them.
  app.use(sameSiteOnly((path) => path.startsWith("/1/") || (path.startsWith("/api/stock/") && !isStockPhotoPath(path)) || path === "/api/payments/webhook"));

  // A dealer's photos, on the site's own host (ADR 0067).
  app.get("/cdn/image/:params/photos/:hash", (c) => servePhoto(c, c.get("tenant").slug));
  // Their uploaded walkaround videos, in byte ranges (ADR 0080).
  app.get("/cdn/video/:file", (c) => serveVideo(c, c.get("tenant").slug));

  // Search API, stock feed and leads are served by their remotes on the tenant's own host.
  app.all("/1/*", (c) => forwardToRemote(c.env, "mf-search", c.req.raw));
  app.all("/api/stock/*", (c) => forwardToRemote(c.env, "mf-search", c.req.raw));
  app.all("/api/leads/*", (c) => forwardToRemote(c.env, "mf-forms", c.req.raw));
  app.all("/api/leads", (c) => forwardToRemote(c.env, "mf-forms", c.req.raw));
  // Accounts: sign-in, the watchlist and saved searches (mf-forms, ADR 0016).
  for (const path of ["/api/auth/*", "/api/watchlist/*", "/api/saved-searches", "/api/saved-searches/*", "/api/alerts", "/api/alerts/*", "/api/account/*"]) {
    app.all(path, (c) => forwardToRemote(c.env, "mf-forms", c.req.raw));
  }
  // Reservations, payment webhooks and the local test processor's hosted page (ADR 0019).
  app.all("/api/reservations/*", (c) => forwardToRemote(c.env, "mf-forms", c.req.raw));
  app.all("/api/reservations", (c) => forwardToRemote(c.env, "mf-forms", c.req.raw));
  app.all("/api/payments/*", (c) => forwardToRemote(c.env, "mf-forms", c.req.raw));
  app.all("/api/spin-to-win", (c) => forwardToRemote(c.env, "mf-forms", c.req.raw));
  app.all("/payments/test-processor/*", (c) => forwardToRemote(c.env, "mf-forms", c.req.raw));
  app.all("/api/miscellaneous", (c) => forwardToRemote(c.env, "mf-forms", c.req.raw));
  // The dealer console (inbox, staff, settings, audit log, insights: mf-dealer, ADR 0069); the staff API it calls
  // (sign-in codes, invitations) is mf-forms' (ADR 0045).
  for (const path of ["/dealer", "/dealer/*"]) app.all(path, (c) => forwardToRemote(c.env, "mf-dealer", c.req.raw));
  app.all("/api/staff/*", (c) => forwardToRemote(c.env, "mf-forms", c.req.raw));
  app.all("/api/youx/*", (c) => forwardToRemote(c.env, "mf-finance", c.req.raw));
  // Vehicle page calls; mf-vehicle learns the tenant from the gateway's header, never from the browser.
  const toVehicle = (c: { env: GatewayEnv; req: { raw: Request }; var: { tenant: Tenant } }) => {
    const request = new Request(c.req.raw);
    request.headers.set(VEHICLE_SITE_HEADER, c.var.tenant.slug);
    return forwardToRemote(c.env, "mf-vehicle", request);
  };
  app.get("/cars/:slug/autogauge", toVehicle);
  app.get("/cars/:slug/view.json", toVehicle);
  app.get("/cars/:slug/pdf", toVehicle);
  app.all("/api/vehicles/*", toVehicle);
  // The drive-away estimate and the tow vehicle checks (issue 34, ADR 0068).
  app.get("/api/drive-away", toVehicle);
  app.get("/api/towing/*", toVehicle);
  // Spec §7's related car ids by slug (ADR 0048): the similar-vehicles ranking, which mf-search owns.
  app.get("/cars/:slug/related.json", (c) => forwardToRemote(c.env, "mf-search", c.req.raw));

  app.get("/_props/:remote/:fragment", async (c) => {
    const tenant = c.var.tenant;
    const query = { remote: c.req.param("remote"), fragment: c.req.param("fragment"), slot: c.req.query("slot") ?? "", path: c.req.query("path") ?? "", origin: new URL(c.req.url).origin };
    const carOf = async (params: Record<string, string>) => (await pageSubject(c.env, tenant, "car", params))?.car ?? null;
    return fetchPropsForSlot(c.env, shellState(tenant, await sessionFor(c.env, tenant, c.req.header("cookie"))), query, carOf);
  });

  app.get("/robots.txt", (c) =>
    c.text(`User-agent: *\nAllow: /\nDisallow: /_props/\nSitemap: ${new URL("/sitemap.xml", c.req.url).href}\n`),
  );
  // The sitemap is an index of bounded files (ADR 0036).
  const XML = { "content-type": "application/xml; charset=utf-8" };
  app.get("/sitemap.xml", async (c) => c.body(await sitemapIndexXml(c.env.DB, c.var.tenant, new URL(c.req.url).origin, new Date()), 200, XML));
  app.get(PAGES_FILE, async (c) => c.body(urlsetXml(new URL(c.req.url).origin, await pagePaths(c.env, c.var.tenant, new Date())), 200, XML));
  app.get("/sitemaps/cars/:file", async (c) => {
    const from = carFileStart(c.req.param("file"));
    const stream = from ? await carFileStream(c.env.DB, c.var.tenant, new URL(c.req.url).origin, from, new Date()) : null;
    return stream ? c.body(stream, 200, XML) : c.text("Not found", 404);
  });

  app.get("*", async (c) => {
    const tenant = c.var.tenant;
    const timed = isLocalDev(c.env) && c.req.header(DEV_TIMING_HEADER) !== undefined ? Date.now() : null;
    const url = new URL(c.req.url);
    const path = url.pathname + url.search;
    const match = matchRoute(url, tenant.config);
    // The car (or location) a page is about is read while the session is: neither waits on the other (ADR 0101).
    // A page the gate turns away leaves its read unused, never unhandled.
    const subjectRead = match?.plan.requires && !match.plan.shellPage ? pageSubject(c.env, tenant, match.plan.requires, match.params) : null;
    subjectRead?.catch(() => undefined);
    const [session, hasNvic] = await Promise.all([sessionFor(c.env, tenant, c.req.header("cookie")), carHasNvic(c.env, tenant, url)]);
    const state = shellState(tenant, session);
    // Gated pages: the session is known before the first byte, so an anonymous shopper goes to sign-in
    // (with type, redirect and back) without seeing the page; a signed-in one is sent on from sign-in.
    const signedIn = session.userId !== null;
    const gate = gatedRedirect(path, tenant.config.features, { signedIn, loading: false, hasNvic });
    if (gate) return c.redirect(gate, 302);
    if (signedIn && url.pathname === SIGN_IN_PATH) return c.redirect(safeReturnPath(url.searchParams.get("redirect")), 302);
    const waitUntil = (promise: Promise<unknown>) => c.executionCtx.waitUntil(promise);
    const parts = (pageTitle: string, pageName: string, place?: string, description?: string, social?: PageSocial) => ({
      state,
      path,
      origin: url.origin,
      nonce: c.var.nonce,
      shellBuild: c.env.SHELL_BUILD_ID,
      shellEntry: c.env.SHELL_ENTRY,
      pageName,
      canonical: pageName === NOT_FOUND_PAGE ? null : canonicalUrl(url, pageName, tenant.config.search),
      structuredData: pageName === "home" ? websiteStructuredData(tenant.name, url.origin) : null,
      head: pageHead({
        siteName: tenant.name,
        template: tenant.template,
        pageTitle,
        pageName,
        ...(place ? { place } : {}),
        ...(description ? { description } : {}),
        // The car page is the one to share; its printable copy is kept out of search results.
        ...(social && pageName === "vehicle" ? { social } : {}),
        ...(pageName === "print" ? { noindex: true } : {}),
      }),
    });
    const shellPage = async (pageTitle: string, pageName: string, body: ReactElement, status: 200 | 404, description?: string) =>
      c.body(await shellOnlyPage(c.env, parts(pageTitle, pageName, undefined, description), renderWithState(state, body), waitUntil), status, HTML);
    const notFound = () => shellPage("Page not found", NOT_FOUND_PAGE, <NotFoundPage />, 404);

    if (!match) return notFound();
    const { plan, params } = match;
    const page: PageContext = { env: c.env, tenant, params, path: url.pathname, plan };
    if (plan.shellPage) {
      const result = await shellPages[plan.shellPage](page);
      if (!result) return notFound();
      return shellPage(result.title ?? plan.title, plan.name, result.element, 200, result.description ?? plan.description);
    }
    const subject = subjectRead ? await subjectRead : null;
    if (plan.requires && !subject) return notFound();
    // A car page served is a view (ADR 0070): one queue message after the answer, never a write or a wait here.
    const counting = !(isLocalDev(c.env) && c.req.header(DEV_NO_COUNT_HEADER) !== undefined);
    if (plan.name === "vehicle" && subject?.carId && counting)
      countInsight(c.env.INSIGHTS_QUEUE, { site: tenant.slug, kind: "view", day: insightDay(new Date()), cars: [subject.carId] }, waitUntil);
    const devFault = isLocalDev(c.env) ? c.req.header(DEV_FAULT_HEADER) : undefined;
    const pagePlan = slotsFor(plan, subject?.car ?? null);
    // A whole anonymous car page kept at these very versions (ADR 0087, 0123): answered as it was composed, with this
    // answer's nonce. Never a signed-in shopper's, a draft preview's or one asked under a dev fault, and only a page
    // made of slots alone (a shell part may read other tables than the stock).
    const pageKeyText =
      subject?.stock && !signedIn && !tenant.preview && !devFault && !plan.parts?.length
        ? pageKey({
            shellBuild: c.env.SHELL_BUILD_ID,
            site: tenant.slug,
            name: tenant.name,
            template: tenant.template,
            configVersion: tenant.configVersion,
            config: configFingerprint(tenant.config),
            stock: subject.stock,
            car: subject.carVersion ?? 0,
            address: pageAddress(url, pagePlan.slots, params),
          })
        : null;
    const keptPage = pageKeyText ? pageCache.get(pageKeyText) : undefined;
    if (keptPage) {
      countInsight(c.env.INSIGHTS_QUEUE, { site: tenant.slug, kind: "search", day: insightDay(new Date()), cars: [...keptPage.cars] }, waitUntil);
      const keptSlots = keptPage.slots.map((slot) => ({ ...slot, ms: 0, how: "kept" }));
      const timing = timed ? timingComment({ started: timed, subjectMs: Date.now() - timed }, Date.now() - timed, keptSlots, "kept") : "";
      return c.body(keptPageBytes(keptPage, c.var.nonce, timing), 200, { ...HTML, "cache-control": "no-store" });
    }
    // Only the path names a landing (a 'landing' query parameter is just text).
    const landing = plan.name === "search" ? /^\/search\/([^/]+)(?:\/([^/]+))?\/?$/.exec(url.pathname) : null;
    const landed = landing?.[1] ? await resolveSiteLanding(c.env, tenant, landing[1], landing[2]) : undefined;
    if (landed === null) return notFound();
    const shellParts = await renderShellParts(state, page);
    const social = subject?.share ? { ...subject.share, url: new URL(subject.share.path, url.origin).href, image: subject.share.image && new URL(subject.share.image, url.origin).href } : undefined;
    const head = parts(subject?.title ?? (landed && landing?.[1] ? landingTitle(landing[1], landed) : null) ?? plan.title, plan.name, subject?.place, plan.description, social);
    // Kept slots (ADR 0033, 0074): never a draft preview's; a car page names the listing and car versions it read beside its car (ADR 0123).
    const keeping = {
      scope: tenant.preview ? null : { configVersion: tenant.configVersion, ...(subject?.stock ? { stock: subject.stock, car: subject.carVersion ?? 0 } : {}) },
      ...(timed ? { timing: { started: timed, subjectMs: Date.now() - timed } } : {}),
      ...(pageKeyText ? { keepPage: (html: string, slots: KeptPageSlot[], cars: readonly number[], until: number) => pageCache.set(pageKeyText, tenant.slug, html, c.var.nonce, slots, cars, until) } : {}),
    };
    const stream = streamComposedPage(c.env, c.executionCtx, { ...head, preloadImage: subject?.leadImage ?? null }, pagePlan, params, devFault, shellParts, keeping);
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
