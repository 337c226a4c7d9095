import { auditStatement, recordAudit } from "@dealer/shared/audit";
import type { SiteTemplate } from "@dealer/shared/contract";
import { namedSecretSlots, providerPolicyProblems, resolveSiteConfig, SITE_TEMPLATES, type SiteConfig } from "@dealer/shared/config";
import { bodyLimit } from "@dealer/shared/http";
import { findKey, issueKey, type KeyRecord, keyScopeSchema, listKeys, revokeKey, rotateKey, verifyKey } from "@dealer/shared/keys";
import { listSecretSlots, secretSlotSchema, secretValueSchema, storeSecretStatement } from "@dealer/shared/secrets";
import { type Context, Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import type { GatewayEnv } from "../env";
import { forgetTenant } from "../tenant/resolve-tenant";
import { checkSiteFile } from "./site-file";
import { databaseProblems, deleteSite, exportSite, showSite, siteDomains, writeSite } from "./site-store";

type OperatorEnv = { Bindings: GatewayEnv };

/** A key change in the audit log (ADR 0045) under the key's site; the operator's own keys belong to no site. */
const auditKey = (db: D1Database, action: "key.create" | "key.rotate" | "key.revoke", record: KeyRecord) =>
  recordAudit(db, { site: record.site ?? "platform", dealershipId: record.dealershipId, actor: "operator", action, subject: record.name, detail: { id: record.id, scopes: record.scopes } });
type OperatorContext = Context<OperatorEnv>;

const KEY_REQUIRED = "A valid operator key is required (Authorization: Bearer <key>).";

/** The operator key is its own scope: no dealer key, whatever it may do, reaches these routes. */
const requireOperator = createMiddleware<OperatorEnv>(async (c, next) => {
  const key = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
  if (!(await verifyKey(c.env.DB, key, ["operator"]))) return c.json({ message: KEY_REQUIRED }, 401);
  await next();
});

const newKeySchema = z
  .object({
    name: z.string().min(1).max(100),
    scopes: z.array(keyScopeSchema.exclude(["operator"])).min(1),
    /** The dealership a stock:write or leads:read key acts for, by slug. */
    dealership: z.string().optional(),
  })
  .strict();
const rotateSchema = z.object({ overlapSeconds: z.number().int().min(0).max(30 * 24 * 3600).default(24 * 3600) }).strict();

/** A field's problems as the operator API lists them (its path and message). */
const fieldProblems = (path: string, parsed: { success: boolean; error?: { issues: { message: string }[] } }) =>
  parsed.success ? [] : (parsed.error?.issues ?? []).map((issue) => ({ path, message: issue.message }));

/** The body as JSON, or undefined (answered 400 by the caller). */
const jsonBody = (request: { json(): Promise<unknown> }) => request.json().catch(() => undefined);

/**
 * The operator API (issue 24), mounted at /api/operator on every host; `npm run site` is its client, so the
 * command and the API are one code path. Site files are checked whole: every problem listed, nothing written.
 */
export function createOperatorApi(options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  const app = new Hono<OperatorEnv>();
  app.use("*", requireOperator);
  app.use("*", bodyLimit(1024 * 1024));

  app.get("/templates", (c) => c.json({ templates: Object.entries(SITE_TEMPLATES).map(([id, template]) => ({ id, ...template })) }));

  const saveSite = (mode: "create" | "update") =>
    async (c: OperatorContext) => {
      const body = await jsonBody(c.req);
      if (body === undefined) return c.json({ message: "The body must be JSON (a site file)." }, 400);
      const { site, problems } = checkSiteFile(body);
      if (site && !problems.length) {
        const config = resolveSiteConfig(site.slug, site.config, site.template);
        problems.push(...providerPolicyProblems(config, c.env).map((problem) => ({ path: `config.${problem.path}`, message: problem.message })));
      }
      if (site) problems.push(...(await databaseProblems(c.env.DB, site, mode)));
      if (mode === "update" && site && site.slug !== c.req.param("slug")) problems.push({ path: "slug", message: `the file is for ${site.slug}, not ${c.req.param("slug") ?? ""}` });
      if (!site || problems.length) return c.json({ message: `The site file has ${problems.length} problem(s); nothing was written.`, problems }, 400);
      const before = mode === "update" ? await siteDomains(c.env.DB, site.slug) : [];
      const keys = await writeSite(c.env.DB, site, mode, now());
      await forgetTenant(c.env, site.slug, [...before, ...site.domains]);
      return c.json({ site: await showSite(c.env.DB, site.slug), ...(mode === "create" ? { keys } : {}) }, mode === "create" ? 201 : 200);
    };
  app.post("/sites", saveSite("create"));
  app.put("/sites/:slug", saveSite("update"));

  app.get("/sites/:slug", async (c) => {
    const site = await showSite(c.env.DB, c.req.param("slug"));
    return site ? c.json({ site }) : c.json({ message: `No site ${c.req.param("slug")}.` }, 404);
  });

  const setStatus = (status: "active" | "disabled") => async (c: OperatorContext) => {
    const slug = c.req.param("slug") ?? "";
    const changed = await c.env.DB.prepare("UPDATE sites SET status = ? WHERE slug = ?").bind(status, slug).run();
    if (!changed.meta.changes) return c.json({ message: `No site ${slug}.` }, 404);
    await forgetTenant(c.env, slug, await siteDomains(c.env.DB, slug));
    return c.json({ site: await showSite(c.env.DB, slug) });
  };
  app.post("/sites/:slug/disable", setStatus("disabled"));
  app.post("/sites/:slug/enable", setStatus("active"));

  app.get("/sites/:slug/export", async (c) => {
    const slug = c.req.param("slug");
    if (!(await c.env.DB.prepare("SELECT 1 FROM sites WHERE slug = ?").bind(slug).first())) return c.json({ message: `No site ${slug}.` }, 404);
    return new Response(exportSite(c.env.DB, slug), { headers: { "content-type": "application/x-ndjson", "content-disposition": `attachment; filename="${slug}.ndjson"` } });
  });

  app.delete("/sites/:slug", async (c) => {
    const slug = c.req.param("slug");
    if (!(await c.env.DB.prepare("SELECT 1 FROM sites WHERE slug = ?").bind(slug).first())) return c.json({ message: `No site ${slug}.` }, 404);
    const domains = await siteDomains(c.env.DB, slug);
    await deleteSite(c.env.DB, slug);
    await forgetTenant(c.env, slug, domains);
    return c.json({ deleted: slug });
  });

  /**
   * The site's secret slots (ADR 0056): names and when each was set, never a value; beside them the slots its
   * settings name, each with whether it is set, so an operator sees what is missing.
   */
  app.get("/sites/:slug/secrets", async (c) => {
    const slug = c.req.param("slug");
    const row = await c.env.DB.prepare("SELECT template, config FROM sites WHERE slug = ?").bind(slug).first<{ template: SiteTemplate; config: string }>();
    if (!row) return c.json({ message: `No site ${slug}.` }, 404);
    const secrets = await listSecretSlots(c.env.DB, slug);
    const config: SiteConfig = resolveSiteConfig(slug, JSON.parse(row.config) as Record<string, unknown>, row.template);
    const named = namedSecretSlots(config).map((entry) => ({ ...entry, set: secrets.some((secret) => secret.name === entry.slot) }));
    return c.json({ secrets, named });
  });

  app.put("/sites/:slug/secrets/:name", async (c) => {
    const slug = c.req.param("slug");
    const body = await jsonBody(c.req);
    const problems = [
      ...fieldProblems("name", secretSlotSchema.safeParse(c.req.param("name"))),
      ...fieldProblems("value", secretValueSchema.safeParse((body as { value?: unknown } | undefined)?.value)),
    ];
    if (problems.length) return c.json({ message: "The secret was not stored.", problems }, 400);
    if (!(await c.env.DB.prepare("SELECT 1 FROM sites WHERE slug = ?").bind(slug).first())) return c.json({ message: `No site ${slug}.` }, 404);
    const name = c.req.param("name");
    const at = now();
    await c.env.DB.batch([
      await storeSecretStatement(c.env, { site: slug, slot: name, value: (body as { value: string }).value, actor: "operator", now: at }),
      auditStatement(c.env.DB, { site: slug, actor: "operator", action: "secret.set", subject: name }, at),
    ]);
    return c.json({ secret: (await listSecretSlots(c.env.DB, slug)).find((secret) => secret.name === name) });
  });

  app.delete("/sites/:slug/secrets/:name", async (c) => {
    const slug = c.req.param("slug");
    const name = c.req.param("name");
    const removed = await c.env.DB.prepare("DELETE FROM site_secrets WHERE site = ? AND name = ?").bind(slug, name).run();
    if (!removed.meta.changes) return c.json({ message: `No secret slot ${name} on ${slug}.` }, 404);
    await recordAudit(c.env.DB, { site: slug, actor: "operator", action: "secret.delete", subject: name });
    return c.json({ deleted: name });
  });

  app.get("/sites/:slug/keys", async (c) => c.json({ keys: await listKeys(c.env.DB, c.req.param("slug")) }));

  app.post("/sites/:slug/keys", async (c) => {
    const slug = c.req.param("slug");
    const parsed = newKeySchema.safeParse(await jsonBody(c.req));
    if (!parsed.success) return c.json({ message: "Invalid key request.", problems: parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })) }, 400);
    const dealership = parsed.data.dealership
      ? await c.env.DB.prepare("SELECT id FROM dealerships WHERE site = ? AND slug = ?").bind(slug, parsed.data.dealership).first<{ id: number }>()
      : null;
    const needsDealership = parsed.data.scopes.some((scope) => scope !== "search");
    if (!(await c.env.DB.prepare("SELECT 1 FROM sites WHERE slug = ?").bind(slug).first())) return c.json({ message: `No site ${slug}.` }, 404);
    if (needsDealership && !dealership) return c.json({ message: "Invalid key request.", problems: [{ path: "dealership", message: "stock:write and leads:read keys act for one of the site's dealerships" }] }, 400);
    const made = await issueKey(c.env.DB, { site: slug, dealershipId: dealership?.id ?? null, scopes: parsed.data.scopes, name: parsed.data.name }, now());
    await auditKey(c.env.DB, "key.create", made.record);
    return c.json({ key: made.key, record: made.record, note: "The key is shown once: only its hash is stored." }, 201);
  });

  app.post("/keys/:id/rotate", async (c) => {
    const parsed = rotateSchema.safeParse((await jsonBody(c.req)) ?? {});
    if (!parsed.success) return c.json({ message: "Invalid rotation.", problems: parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })) }, 400);
    const rotated = await rotateKey(c.env.DB, c.req.param("id"), parsed.data.overlapSeconds, now());
    if (!rotated) return c.json({ message: `No live key ${c.req.param("id")}.` }, 404);
    await auditKey(c.env.DB, "key.rotate", rotated.record);
    return c.json({ key: rotated.key, record: rotated.record, old: rotated.old, note: "The new key is shown once; the old one works until old.expiresAt." });
  });

  app.post("/keys/:id/revoke", async (c) => {
    if (!(await findKey(c.env.DB, c.req.param("id")))) return c.json({ message: `No key ${c.req.param("id")}.` }, 404);
    const record = await revokeKey(c.env.DB, c.req.param("id"), now());
    if (record) await auditKey(c.env.DB, "key.revoke", record);
    return c.json({ record });
  });

  return app;
}
