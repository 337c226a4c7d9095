import { type AuditEntry, auditStatement, keyAuditEntry } from "@dealer/shared/audit";
import { changesSearchRecords, SITE_TEMPLATES, type StoredConfig } from "@dealer/shared/config";
import { keepCurrentConfigVersion, reloadSiteStockStatement } from "@dealer/shared/http";
import { contentPage } from "@dealer/shared/contract";
import { type KeyScope, prepareKey } from "@dealer/shared/keys";
import { locationRecord, locationSlug, type Problem, type SiteFile } from "./site-file";

/** A dealer published while an update was being written: nothing was written; the caller answers 409. */
export class ConfigMovedError extends Error {
  constructor() {
    super("The site's configuration was published meanwhile; nothing was written. Run the update again.");
  }
}

/** A key made for the new site, shown once in the create answer. */
export type IssuedKey = { id: string; name: string; scopes: string[]; dealership: string | null; key: string };

type Existing = { dealerships: Map<string, number>; locations: Map<string, number>; config: StoredConfig | null };

/** Problems only the database can see: a slug or a domain another site holds. */
export async function databaseProblems(db: D1Database, site: SiteFile, mode: "create" | "update"): Promise<Problem[]> {
  const problems: Problem[] = [];
  const exists = await db.prepare("SELECT slug FROM sites WHERE slug = ?").bind(site.slug).first();
  if (mode === "create" && exists) problems.push({ path: "slug", message: `a site ${site.slug} exists already (use update)` });
  if (mode === "update" && !exists) problems.push({ path: "slug", message: `no site ${site.slug} (use create)` });
  if (site.domains.length) {
    const taken = await db
      .prepare(`SELECT domain, site FROM site_domains WHERE domain IN (${site.domains.map(() => "?").join(", ")}) AND site != ?`)
      .bind(...site.domains, site.slug)
      .all<{ domain: string; site: string }>();
    for (const row of taken.results) problems.push({ path: `domains.${site.domains.indexOf(row.domain)}`, message: `${row.domain} is taken by another site` });
  }
  if (mode === "update" && exists) {
    const kept = new Set(site.dealerships.map((d) => d.slug));
    const current = await db.prepare("SELECT slug FROM dealerships WHERE site = ?").bind(site.slug).all<{ slug: string }>();
    for (const row of current.results) {
      if (!kept.has(row.slug)) problems.push({ path: "dealerships", message: `dealership ${row.slug} is missing: update never removes a dealership (its stock and leads stay)` });
    }
  }
  return problems;
}

/**
 * The config override an update's file was based on and the one published now (ADR 0062). The base is the file's
 * `baseVersion`, or else the last version the operator (or the seed) wrote: what an operator's file was made from.
 */
export async function configBase(db: D1Database, slug: string, baseVersion: number | undefined): Promise<{ base: Record<string, unknown>; published: Record<string, unknown>; version: number } | Problem> {
  const [site, base] = await db.batch<{ config: string; config_version?: number }>([
    db.prepare("SELECT config, config_version FROM sites WHERE slug = ?").bind(slug),
    baseVersion === undefined
      ? db.prepare("SELECT config FROM site_config_versions WHERE site = ? AND published_by IN ('operator', 'seed') ORDER BY version DESC LIMIT 1").bind(slug)
      : db.prepare("SELECT config FROM site_config_versions WHERE site = ? AND version = ?").bind(slug, baseVersion),
  ]);
  const current = site?.results[0];
  if (!current) return { path: "slug", message: `no site ${slug} (use create)` };
  const version = current.config_version ?? 0;
  // A version never published has no row yet (the seeded one): it is the current config.
  const baseConfig = base?.results[0]?.config ?? (baseVersion === undefined || baseVersion === version ? current.config : undefined);
  if (baseConfig === undefined) return { path: "baseVersion", message: `the site has no config version ${baseVersion} (it is at ${version})` };
  return { base: JSON.parse(baseConfig) as Record<string, unknown>, published: JSON.parse(current.config) as Record<string, unknown>, version };
}

async function existing(db: D1Database, slug: string): Promise<Existing> {
  const [dealerships, locations, site] = await db.batch<Record<string, string | number>>([
    db.prepare("SELECT slug, id FROM dealerships WHERE site = ?").bind(slug),
    db.prepare("SELECT slug, id FROM locations WHERE site = ?").bind(slug),
    db.prepare("SELECT template, config FROM sites WHERE slug = ?").bind(slug),
  ]);
  const ids = (rows: typeof dealerships) => new Map((rows?.results ?? []).map((r) => [String(r.slug), Number(r.id)]));
  const stored = site?.results[0];
  const config = stored ? { template: String(stored.template), override: JSON.parse(String(stored.config)) as Record<string, unknown> } : null;
  return { dealerships: ids(dealerships), locations: ids(locations), config };
}

async function nextIds(db: D1Database): Promise<{ dealership: () => number; location: () => number }> {
  const row = await db.prepare("SELECT (SELECT COALESCE(MAX(id), 0) FROM dealerships) AS d, (SELECT COALESCE(MAX(id), 0) FROM locations) AS l").first<{ d: number; l: number }>();
  let dealership = row?.d ?? 0;
  let location = row?.l ?? 0;
  return { dealership: () => ++dealership, location: () => ++location };
}

/**
 * Every row of the site in one D1 batch (one transaction: all or nothing). Ids of dealerships and locations that
 * exist are kept (leads and bookings name them); a create also issues one write key per dealership, each with its
 * audit entry in the same batch. Answers the keys and the site's new stock version when the change reloads its stock.
 */
export async function writeSite(
  db: D1Database,
  site: SiteFile,
  mode: "create" | "update",
  now: Date,
  update: { version: number; audit: AuditEntry } | null = null,
): Promise<{ keys: IssuedKey[]; reloadedStockVersion: number | null }> {
  const known = await existing(db, site.slug);
  const ids = await nextIds(db);
  const statements: D1PreparedStatement[] = [];
  const at = now.toISOString();
  // An update is a new config version (ADR 0046), so the gateway's cache moves to it and a dealer admin can roll back.
  statements.push(
    keepCurrentConfigVersion(db, site.slug),
    db
      .prepare(
        `INSERT INTO sites (slug, name, template, config, created_at) VALUES (?, ?, ?, ?, ?)
          ON CONFLICT(slug) DO UPDATE SET name = excluded.name, template = excluded.template, config = excluded.config, config_version = sites.config_version + 1
          WHERE ?6 IS NULL OR sites.config_version = ?6`,
      )
      // An update lands only on the version it merged with: after a dealer's publish meanwhile the version row
      // below exists already and the whole batch rolls back (ConfigMovedError).
      .bind(site.slug, site.name, site.template, JSON.stringify(site.config), at, update?.version ?? null),
    db
      .prepare(
        "INSERT INTO site_config_versions (site, version, config, published_by, published_at, note) SELECT slug, config_version, config, 'operator', ?, ? FROM sites WHERE slug = ?",
      )
      .bind(at, mode === "create" ? "site created" : "site file update", site.slug),
    db.prepare("DELETE FROM site_domains WHERE site = ?").bind(site.slug),
    ...site.domains.map((domain) => db.prepare("INSERT INTO site_domains (domain, site) VALUES (?, ?)").bind(domain, site.slug)),
  );
  // Stock written under the old finance must be indexed again (ADR 0055).
  const reloadAt = known.config && changesSearchRecords(site.slug, known.config, { template: site.template, override: site.config }) ? statements.length : -1;
  if (reloadAt >= 0) statements.push(reloadSiteStockStatement(db, site.slug, now));
  const keptLocations = new Set<number>();
  const dealershipIds = new Map<string, number>();
  for (const dealership of site.dealerships) {
    const id = known.dealerships.get(dealership.slug) ?? ids.dealership();
    dealershipIds.set(dealership.slug, id);
    const data = { id, slug: dealership.slug, name: dealership.name, site: site.slug, finance_provider: dealership.financeProvider, licence_numbers: dealership.licenceNumbers };
    statements.push(
      db
        .prepare(
          "INSERT INTO dealerships (id, site, slug, name, finance_provider, data) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET name = excluded.name, finance_provider = excluded.finance_provider, data = excluded.data",
        )
        .bind(id, site.slug, dealership.slug, dealership.name, dealership.financeProvider, JSON.stringify(data)),
    );
    for (const [index, location] of dealership.locations.entries()) {
      const locationId = known.locations.get(locationSlug(location)) ?? ids.location();
      keptLocations.add(locationId);
      const record = locationRecord({ id: locationId, location, primary: index === 0, dealership: { id, slug: dealership.slug, licenceNumbers: dealership.licenceNumbers } });
      statements.push(
        db
          .prepare(
            "INSERT INTO locations (id, site, dealership_id, slug, primary_flag, data) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET dealership_id = excluded.dealership_id, slug = excluded.slug, primary_flag = excluded.primary_flag, data = excluded.data",
          )
          .bind(locationId, site.slug, id, record.slug, index === 0 ? 1 : 0, JSON.stringify(record)),
      );
    }
  }
  const dropped = [...known.locations.values()].filter((id) => !keptLocations.has(id));
  if (dropped.length) statements.push(db.prepare(`DELETE FROM locations WHERE site = ? AND id IN (${dropped.map(() => "?").join(", ")})`).bind(site.slug, ...dropped));
  // Pages and brand tiles are the file's; the other content kinds (reviews, blog, slides) are kept.
  statements.push(db.prepare("DELETE FROM site_content WHERE site = ? AND kind IN ('page', 'brand')").bind(site.slug));
  for (const [position, page] of site.pages.entries()) {
    const data = contentPage(page.path, page.title, page.description, page.body);
    statements.push(db.prepare("INSERT INTO site_content (site, kind, slug, position, data) VALUES (?, 'page', ?, ?, ?)").bind(site.slug, data.slug, position, JSON.stringify(data)));
  }
  for (const [position, tile] of site.brandTiles.entries()) {
    statements.push(db.prepare("INSERT INTO site_content (site, kind, slug, position, data) VALUES (?, 'brand', ?, ?, ?)").bind(site.slug, tile.slug, position, JSON.stringify(tile)));
  }
  const issued: IssuedKey[] = [];
  if (mode === "create") {
    for (const dealership of site.dealerships) {
      const key = { site: site.slug, dealershipId: dealershipIds.get(dealership.slug) ?? null, scopes: ["stock:write", "leads:read"] satisfies KeyScope[], name: `${dealership.slug} stock feed` };
      const made = await prepareKey(db, key, now);
      statements.push(made.statement, auditStatement(db, keyAuditEntry("key.create", { ...key, id: made.id }), now));
      issued.push({ id: made.id, name: key.name, scopes: key.scopes, dealership: dealership.slug, key: made.key });
    }
  }
  if (update) statements.push(auditStatement(db, update.audit, now));
  try {
    const results = await db.batch<{ version: number }>(statements);
    return { keys: issued, reloadedStockVersion: results[reloadAt]?.results[0]?.version ?? null };
  } catch (error) {
    if (update && /UNIQUE constraint failed: site_config_versions/.test(String(error))) throw new ConfigMovedError();
    throw error;
  }
}

/** What `site show` prints: the site as stored, its hosts, template, dealerships, locations and keys (never a key). */
export async function showSite(db: D1Database, slug: string) {
  const site = await db.prepare("SELECT slug, name, template, status, config, config_version, created_at FROM sites WHERE slug = ?").bind(slug).first<{ slug: string; name: string; template: keyof typeof SITE_TEMPLATES; status: string; config: string; config_version: number; created_at: string }>();
  if (!site) return null;
  const [domains, dealerships, locations, keys, stock] = await db.batch<Record<string, unknown>>([
    db.prepare("SELECT domain FROM site_domains WHERE site = ? ORDER BY domain").bind(slug),
    db.prepare("SELECT id, slug, name, finance_provider, data FROM dealerships WHERE site = ? ORDER BY id").bind(slug),
    db.prepare("SELECT id, dealership_id, slug, data FROM locations WHERE site = ? ORDER BY dealership_id, primary_flag DESC, id").bind(slug),
    db.prepare("SELECT id, dealership_id, scopes, name, created_at, last_used_at, expires_at, revoked_at FROM api_keys WHERE site = ? ORDER BY created_at, id").bind(slug),
    db.prepare("SELECT COUNT(*) AS vehicles FROM vehicles WHERE site = ?").bind(slug),
  ]);
  const domainList = (domains?.results ?? []).map((row) => String(row.domain));
  return {
    slug: site.slug,
    name: site.name,
    template: { id: site.template, label: SITE_TEMPLATES[site.template].label },
    status: site.status,
    created_at: site.created_at,
    hosts: [`${site.slug}.localhost`, ...domainList],
    domains: domainList,
    config: JSON.parse(site.config) as Record<string, unknown>,
    /** The published config version: a site file made from this answer names it (ADR 0062). */
    baseVersion: site.config_version,
    dealerships: (dealerships?.results ?? []).map((row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      finance_provider: row.finance_provider,
      licence_numbers: (JSON.parse(String(row.data)) as { licence_numbers?: string[] }).licence_numbers ?? [],
      locations: (locations?.results ?? []).filter((l) => l.dealership_id === row.id).map((l) => JSON.parse(String(l.data)) as unknown),
    })),
    keys: keys?.results ?? [],
    vehicles: Number(stock?.results[0]?.vehicles ?? 0),
  };
}

export async function siteDomains(db: D1Database, slug: string): Promise<string[]> {
  const { results } = await db.prepare("SELECT domain FROM site_domains WHERE site = ?").bind(slug).all<{ domain: string }>();
  return results.map((row) => row.domain);
}

/**
 * Every table holding a site's rows, children before parents, so a delete never trips a foreign key. Rows that hang
 * off these (watchlists, sessions, lead deliveries and notes, delivery regions) go with them by ON DELETE CASCADE.
 */
export const SITE_TABLES = [
  "stock_changes",
  "search_pushes",
  "feed_batch_photos",
  "feed_batches",
  "photo_waits",
  "photos",
  "video_upload_parts",
  "video_uploads",
  "vehicle_views",
  "car_daily_counts",
  "car_period_counts",
  "car_period_count_days",
  "dealership_daily_counts",
  "car_price_changes",
  "car_stock_figures",
  "online_payments",
  "spin_entries",
  "test_payment_sessions",
  "reservations",
  "lead_outbox",
  "lead_destinations",
  "chat_messages",
  "chat_conversations",
  "email_outbox",
  "sms_outbox",
  "auth_sessions",
  "auth_codes",
  "leads",
  "users",
  "directory_offers",
  "cars_by_unsettled_photo",
  "vehicles",
  // After its inputs (car_period_counts, car_stock_figures): their delete triggers take from it, so it goes empty last.
  "dealership_stock_totals",
  "stock_versions",
  "site_content",
  "site_domains",
  "api_keys",
  "staff_sessions",
  "site_config_drafts",
  "site_config_versions",
  "site_secrets",
  "audit_log",
  "staff_members",
  "locations",
  "dealerships",
  "sites",
] as const;

/** How a table's rows are the site's: its `site` column, but for the site itself and for tables that hang off another. */
function siteCondition(table: (typeof SITE_TABLES)[number]): string {
  if (table === "sites") return "slug = ?";
  // A chat's messages belong to its conversation (ADR 0049).
  if (table === "chat_messages") return "lead_id IN (SELECT lead_id FROM chat_conversations WHERE site = ?)";
  // A feed report's photo lines belong to its batch (ADR 0067), a video upload's parts to the upload (ADR 0084).
  if (table === "feed_batch_photos") return "batch_id IN (SELECT id FROM feed_batches WHERE site = ?)";
  if (table === "video_upload_parts") return "upload_id IN (SELECT id FROM video_uploads WHERE site = ?)";
  return "site = ?";
}

/**
 * Not in an export: the search index's change log and push state, and which cars wait for which photo (migration
 * 0065), are derived from the stock (and have no rowid to page by); a site's secret slots never leave the platform,
 * even sealed (ADR 0056).
 */
const NOT_EXPORTED: readonly string[] = ["stock_changes", "search_pushes", "cars_by_unsettled_photo", "site_secrets"];
const EXPORT_PAGE = 500;

/**
 * The site's data as NDJSON, one `{ "table", "row" }` a line, read a page at a time so a 25,000-car site never
 * sits in the isolate's memory or one D1 result (the Privacy Act's copy before `delete`).
 */
export function exportSite(db: D1Database, slug: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const tables = [...SITE_TABLES].reverse().filter((table) => !NOT_EXPORTED.includes(table));
  return new ReadableStream({
    async start(controller) {
      try {
        for (const table of tables) {
          for (let after = 0; ; ) {
            const { results } = await db
              .prepare(`SELECT rowid AS _rowid, * FROM ${table} WHERE ${siteCondition(table)} AND rowid > ? ORDER BY rowid LIMIT ?`)
              .bind(slug, after, EXPORT_PAGE)
              .all<Record<string, unknown> & { _rowid: number }>();
            for (const { _rowid, ...row } of results) controller.enqueue(encoder.encode(`${JSON.stringify({ table, row })}\n`));
            if (results.length < EXPORT_PAGE) break;
            after = results[results.length - 1]?._rowid ?? after;
          }
        }
        controller.close();
      } catch (error) {
        controller.error(error);
      }
    },
  });
}

/**
 * Removes every row of the site in one transaction but its stock version, which moves on instead: the search indexes,
 * their pushes and the gateway's kept slots know a site's stock by slug and version, so a site made again under the
 * slug must never start at a version they hold for the old one. The new version has no change-log entry, which every
 * index reads as "reload the whole site" (now empty): the embedded index drops the old stock and the Algolia push
 * deletes the old site's records. The row left is a counter, no dealer's data. Answers the new version.
 */
export async function deleteSite(db: D1Database, slug: string): Promise<number> {
  const results = await db.batch<{ version: number }>(
    SITE_TABLES.map((table) =>
      table === "stock_versions" ? reloadSiteStockStatement(db, slug, new Date()) : db.prepare(`DELETE FROM ${table} WHERE ${siteCondition(table)}`).bind(slug),
    ),
  );
  return results[SITE_TABLES.indexOf("stock_versions")]?.results[0]?.version ?? 0;
}
