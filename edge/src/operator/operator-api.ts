import { type AuditEntry, auditStatement, keyAuditEntry, recordAudit, refusalEntry } from "@dealer/shared/audit";
import { mergeConfigOverride, namedSecretSlots, providerPolicyProblems, resolveSiteConfig, SITE_TEMPLATES, type SiteConfig } from "@dealer/shared/config";
import { maxList, maxText, numberIn, type SiteTemplate } from "@dealer/shared/contract";
import { bodyLimit, bodyTooLargeMessage } from "@dealer/shared/http";
import { issueKey, keyScopeSchema, listKeys, revokeKey, rotateKey, verifyKey } from "@dealer/shared/keys";
import { listSecretSlots, secretSlotSchema, secretValueSchema, storeSecretStatement } from "@dealer/shared/secrets";
import { queueSiteReload } from "@dealer/shared/search-backend";
import { type Context, Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import type { GatewayEnv } from "../env";
import { forgetTenant } from "../tenant/resolve-tenant";
import { checkSiteFile, type Problem } from "./site-file";
import { ConfigMovedError, configBase, databaseProblems, deleteSite, exportSite, showSite, siteDomains, writeSite } from "./site-store";

type OperatorEnv = { Bindings: GatewayEnv };
type OperatorContext = Context<OperatorEnv>;

/** The whole request body, checked before any route reads it. */
export const OPERATOR_BODY_MAX_BYTES = 1024 * 1024;

/**
 * A refused attempt of the operator's, in the platform's audit log (ADR 0058): not a site's, so a dealer admin's
 * page never lists the operator's typos. Unauthenticated calls reach no route and are not recorded.
 */
const auditRefusal = (c: OperatorContext, attempted: string, subject: string | null, reasons: readonly string[]) =>
  recordAudit(c.env.DB, refusalEntry({ site: "platform", dealershipId: null, actor: "operator", subject }, attempted, reasons));
const refuseNoSite = async (c: OperatorContext, attempted: string, slug: string) => {
  const message = `No site ${slug}.`;
  await auditRefusal(c, attempted, named("site", slug), [message]);
  return c.json({ message }, 404);
};
const reasonsOf = (problems: Problem[]) => problems.map((problem) => `${problem.path}: ${problem.message}`);
/** A site or key the request names, for the refusal's subject, if it looks like one (a slug or id is short). */
const named = (kind: "site" | "key", value: unknown) => (typeof value === "string" && /^[a-z0-9_-]{1,63}$/.test(value) ? `${kind} ${value}` : null);

const KEY_REQUIRED = "A valid operator key is required (Authorization: Bearer <key>).";

/** The operator key is its own scope: no dealer key, whatever it may do, reaches these routes. */
const requireOperator = createMiddleware<OperatorEnv>(async (c, next) => {
  const key = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
  if (!(await verifyKey(c.env.DB, key, ["operator"]))) return c.json({ message: KEY_REQUIRED }, 401);
  await next();
});

/** A key's label, and the longest overlap a rotation keeps the old key for (30 days). */
export const KEY_NAME_MAX = 100;
export const KEY_OVERLAP_MAX_SECONDS = 30 * 24 * 3600;
const newKeySchema = z
  .object({
    name: maxText(KEY_NAME_MAX).min(1),
    scopes: maxList(keyScopeSchema.exclude(["operator"]), 3).min(1),
    /** The dealership a stock:write or leads:read key acts for, by slug. */
    dealership: maxText(63).optional(),
  })
  .strict();
const rotateSchema = z.object({ overlapSeconds: numberIn(0, KEY_OVERLAP_MAX_SECONDS).int().default(24 * 3600) }).strict();
const issueProblems = (issues: readonly z.core.$ZodIssue[]): Problem[] => issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));

/** A secret slot's name (from the path) and value (from the body), checked together so each problem names its field. */
const secretSchema = z.object({ name: secretSlotSchema, value: secretValueSchema });

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
  app.use(
    "*",
    bodyLimit(OPERATOR_BODY_MAX_BYTES, (c) => auditRefusal(c, `${c.req.method} ${new URL(c.req.url).pathname.slice(0, 200)}`, null, [bodyTooLargeMessage(OPERATOR_BODY_MAX_BYTES)])),
  );

  app.get("/templates", (c) => c.json({ templates: Object.entries(SITE_TEMPLATES).map(([id, template]) => ({ id, ...template })) }));

  const saveSite = (mode: "create" | "update") =>
    async (c: OperatorContext) => {
      const body = await jsonBody(c.req);
      const subject = named("site", mode === "update" ? c.req.param("slug") : (body as { slug?: unknown } | undefined)?.slug);
      const refuse = async (problems: Problem[]) => {
        await auditRefusal(c, `site.${mode}`, subject, reasonsOf(problems));
        return c.json({ message: `The site file has ${problems.length} problem(s); nothing was written.`, problems }, 400);
      };
      if (body === undefined || typeof body !== "object" || body === null) {
        const message = "The body must be JSON (a site file).";
        await auditRefusal(c, `site.${mode}`, subject, [message]);
        return c.json({ message }, 400);
      }
      // `force` is the call's, not the file's: an update that may overwrite settings the dealer published (ADR 0062).
      const { force, ...file } = body as { force?: unknown };
      if (mode === "update" && force !== undefined && typeof force !== "boolean") return refuse([{ path: "force", message: "true or false" }]);
      const checked = checkSiteFile(mode === "update" ? file : body);
      let { site } = checked;
      const problems = checked.problems;
      if (site) problems.push(...(await databaseProblems(c.env.DB, site, mode)));
      if (mode === "update" && site && site.slug !== c.req.param("slug")) problems.push({ path: "slug", message: `the file is for ${site.slug}, not ${c.req.param("slug") ?? ""}` });
      let update: { version: number; audit: AuditEntry } | null = null;
      if (mode === "update" && site && !problems.length) {
        const versions = await configBase(c.env.DB, site.slug, site.baseVersion);
        if ("path" in versions) return refuse([versions]);
        const { merged, kept, conflicts } = mergeConfigOverride({ base: versions.base, published: versions.published, file: site.config });
        if (conflicts.length && force !== true) {
          await auditRefusal(c, "site.update", subject, conflicts.map((conflict) => `config.${conflict.path}: the dealer published another value`));
          return c.json(
            {
              message: `The dealer has published ${conflicts.length} of the file's settings since the version the file was made from; nothing was written. Take the published values into the file (and baseVersion ${versions.version}), or update with --force to overwrite them.`,
              publishedVersion: versions.version,
              conflicts,
            },
            409,
          );
        }
        // The merged override is checked again: two valid overrides may not combine into a valid one.
        const recheck = checkSiteFile({ ...file, config: merged });
        problems.push(...recheck.problems);
        site = recheck.site;
        const overwritten = conflicts.map((conflict) => conflict.path);
        if (site) update = { version: versions.version, audit: { site: site.slug, actor: "operator", action: "config.operator_update", subject: `version ${versions.version + 1}`, detail: { kept, overwritten } } };
      }
      if (site && !problems.length) {
        const config = resolveSiteConfig(site.slug, site.config, site.template);
        problems.push(...providerPolicyProblems(config, c.env).map((problem) => ({ path: `config.${problem.path}`, message: problem.message })));
      }
      if (!site || problems.length) return refuse(problems);
      const before = mode === "update" ? await siteDomains(c.env.DB, site.slug) : [];
      try {
        const { keys, reloadedStockVersion } = await writeSite(c.env.DB, site, mode, now(), update);
        await forgetTenant(c.env, site.slug, [...before, ...site.domains]);
        await queueSiteReload(c.env, site.slug, reloadedStockVersion);
        const merge = update?.audit.detail ?? {};
        return c.json({ site: await showSite(c.env.DB, site.slug), ...(mode === "create" ? { keys } : merge) }, mode === "create" ? 201 : 200);
      } catch (error) {
        if (error instanceof ConfigMovedError) return c.json({ message: error.message }, 409);
        throw error;
      }
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
    if (!changed.meta.changes) return refuseNoSite(c, status === "active" ? "site.enable" : "site.disable", slug);
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
    if (!(await c.env.DB.prepare("SELECT 1 FROM sites WHERE slug = ?").bind(slug).first())) return refuseNoSite(c, "site.delete", slug);
    const domains = await siteDomains(c.env.DB, slug);
    const stockVersion = await deleteSite(c.env.DB, slug);
    await forgetTenant(c.env, slug, domains);
    await queueSiteReload(c.env, slug, stockVersion);
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
    const namedSlots = namedSecretSlots(config).map((entry) => ({ ...entry, set: secrets.some((secret) => secret.name === entry.slot) }));
    return c.json({ secrets, named: namedSlots });
  });

  app.put("/sites/:slug/secrets/:name", async (c) => {
    const slug = c.req.param("slug");
    const name = c.req.param("name");
    const parsed = secretSchema.safeParse({ name, value: ((await jsonBody(c.req)) as { value?: unknown } | undefined)?.value });
    // The reasons name the field, never the value given.
    if (!parsed.success) {
      const problems = issueProblems(parsed.error.issues);
      await auditRefusal(c, "secret.set", named("site", slug), reasonsOf(problems));
      return c.json({ message: "The secret was not stored.", problems }, 400);
    }
    if (!(await c.env.DB.prepare("SELECT 1 FROM sites WHERE slug = ?").bind(slug).first())) return refuseNoSite(c, "secret.set", slug);
    const at = now();
    await c.env.DB.batch([
      await storeSecretStatement(c.env, { site: slug, slot: name, value: parsed.data.value, actor: "operator", now: at }),
      auditStatement(c.env.DB, { site: slug, actor: "operator", action: "secret.set", subject: name }, at),
    ]);
    return c.json({ secret: (await listSecretSlots(c.env.DB, slug)).find((secret) => secret.name === name) });
  });

  app.delete("/sites/:slug/secrets/:name", async (c) => {
    const slug = c.req.param("slug");
    const name = c.req.param("name");
    const removed = await c.env.DB.prepare("DELETE FROM site_secrets WHERE site = ? AND name = ?").bind(slug, name).run();
    if (!removed.meta.changes) {
      const message = `No secret slot ${name} on ${slug}.`;
      await auditRefusal(c, "secret.delete", named("site", slug), [message]);
      return c.json({ message }, 404);
    }
    await recordAudit(c.env.DB, { site: slug, actor: "operator", action: "secret.delete", subject: name });
    return c.json({ deleted: name });
  });

  app.get("/sites/:slug/keys", async (c) => c.json({ keys: await listKeys(c.env.DB, c.req.param("slug")) }));

  app.post("/sites/:slug/keys", async (c) => {
    const slug = c.req.param("slug");
    const refuse = async (status: 400 | 404, message: string, problems: Problem[] = []) => {
      await auditRefusal(c, "key.create", named("site", slug), problems.length ? reasonsOf(problems) : [message]);
      return c.json({ message, ...(problems.length ? { problems } : {}) }, status);
    };
    const parsed = newKeySchema.safeParse(await jsonBody(c.req));
    if (!parsed.success) return refuse(400, "Invalid key request.", issueProblems(parsed.error.issues));
    const dealership = parsed.data.dealership
      ? await c.env.DB.prepare("SELECT id FROM dealerships WHERE site = ? AND slug = ?").bind(slug, parsed.data.dealership).first<{ id: number }>()
      : null;
    const needsDealership = parsed.data.scopes.some((scope) => scope !== "search");
    if (!(await c.env.DB.prepare("SELECT 1 FROM sites WHERE slug = ?").bind(slug).first())) return refuse(404, `No site ${slug}.`);
    if (needsDealership && !dealership) return refuse(400, "Invalid key request.", [{ path: "dealership", message: "stock:write and leads:read keys act for one of the site's dealerships" }]);
    const made = await issueKey(c.env.DB, { site: slug, dealershipId: dealership?.id ?? null, scopes: parsed.data.scopes, name: parsed.data.name }, now());
    await recordAudit(c.env.DB, keyAuditEntry("key.create", made.record));
    return c.json({ key: made.key, record: made.record, note: "The key is shown once: only its hash is stored." }, 201);
  });

  app.post("/keys/:id/rotate", async (c) => {
    const subject = named("key", c.req.param("id"));
    const parsed = rotateSchema.safeParse((await jsonBody(c.req)) ?? {});
    if (!parsed.success) {
      const problems = issueProblems(parsed.error.issues);
      await auditRefusal(c, "key.rotate", subject, reasonsOf(problems));
      return c.json({ message: "Invalid rotation.", problems }, 400);
    }
    const rotated = await rotateKey(c.env.DB, c.req.param("id"), parsed.data.overlapSeconds, now());
    if (!rotated) {
      const message = `No live key ${c.req.param("id")}.`;
      await auditRefusal(c, "key.rotate", subject, [message]);
      return c.json({ message }, 404);
    }
    // One entry, on the key rotated, naming the key that replaces it.
    await recordAudit(c.env.DB, keyAuditEntry("key.rotate", rotated.old, { replacedBy: rotated.record.id, oldExpiresAt: rotated.old.expiresAt }));
    return c.json({ key: rotated.key, record: rotated.record, old: rotated.old, note: "The new key is shown once; the old one works until old.expiresAt." });
  });

  app.post("/keys/:id/revoke", async (c) => {
    const revoked = await revokeKey(c.env.DB, c.req.param("id"), now());
    if (!revoked) {
      const message = `No key ${c.req.param("id")}.`;
      await auditRefusal(c, "key.revoke", named("key", c.req.param("id")), [message]);
      return c.json({ message }, 404);
    }
    // A key revoked before is revoked still: the answer is the same, the log has its one entry.
    if (revoked.revokedNow) await recordAudit(c.env.DB, keyAuditEntry("key.revoke", revoked.record));
    return c.json({ record: revoked.record });
  });

  return app;
}
