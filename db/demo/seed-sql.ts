import { hashedKeySql } from "../keys/hashed-key-sql";
import type { DemoData } from "./generate";

type SqlValue = string | number | null;

export function sqlLiteral(value: SqlValue): string {
  if (value === null) return "NULL";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "NULL";
  return `'${value.replaceAll("'", "''")}'`;
}

/** Upsert by primary key: never REPLACE, whose delete would cascade to dependent rows. */
function upsert(table: string, row: Record<string, SqlValue>, key: string, keep: string[] = []): string {
  const columns = Object.keys(row);
  const keys = key.split(", ");
  const updates = columns.filter((c) => !keys.includes(c) && !keep.includes(c)).map((c) => `${c} = excluded.${c}`);
  const conflict = updates.length ? `DO UPDATE SET ${updates.join(", ")}` : "DO NOTHING";
  return `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map((c) => sqlLiteral(row[c] ?? null)).join(", ")}) ON CONFLICT(${key}) ${conflict};`;
}

/** The documented demo staff admin of each demo dealership (ADR 0045): sign in at /dealer/sign-in, the code arrives in the local outbox. */
export const demoStaffAdminEmail = (dealershipSlug: string) => `admin@${dealershipSlug}.example`;

/**
 * A site's configuration is the seed's until an admin publishes one (config_version > 0): a restart keeps it.
 */
function siteUpsert(site: DemoData["sites"][number], createdAt: string): string {
  return upsert("sites", { slug: site.slug, name: site.name, template: site.template, config: JSON.stringify(site.config), created_at: createdAt }, "slug", ["created_at"]).replace(
    "config = excluded.config",
    "config = CASE WHEN sites.config_version > 0 THEN sites.config ELSE excluded.config END",
  );
}

/**
 * SQL that loads the demo sites, domains, dealerships, locations and API keys; safe to run again.
 * Vehicles are not here: they load through the stock API (see db/import-cli.ts).
 */
export function demoSeedSql(data: DemoData, createdAt: string): string {
  const statements = [
    ...data.sites.map((site) => siteUpsert(site, createdAt)),
    ...data.sites.flatMap((site) => site.domains.map((domain) => upsert("site_domains", { domain, site: site.slug }, "domain"))),
    ...data.dealerships.map((d) =>
      upsert("dealerships", { id: d.id, site: d.site, slug: d.slug, name: d.name, finance_provider: d.finance_provider, data: JSON.stringify(d) }, "id"),
    ),
    ...data.locations.map((l) => {
      const site = data.dealerships.find((d) => d.id === l.dealership_id)?.site ?? null;
      return upsert("locations", { id: l.id, site, dealership_id: l.dealership_id, slug: l.slug, primary_flag: l.primary ? 1 : 0, data: JSON.stringify(l) }, "id");
    }),
    ...data.dealerships.map((d) =>
      upsert(
        "staff_members",
        { id: `demo-admin-${d.id}`, site: d.site, dealership_id: d.id, email: demoStaffAdminEmail(d.slug), name: `${d.name} admin`, role: "admin", invited_by: "seed", created_at: createdAt },
        "id",
        ["created_at"],
      ),
    ),
    ...data.apiKeys.map((key) => hashedKeySql(key, createdAt)),
    ...data.deliveryRegions.map((row) => upsert("delivery_regions", row, "dealership_id, region")),
    ...data.directoryOffers.map((offer) =>
      upsert("directory_offers", { id: offer.id, site: offer.site, dealership_id: offer.dealership_id, data: JSON.stringify(offer), updated_at: createdAt }, "id"),
    ),
    ...data.content.map((row) =>
      upsert("site_content", { site: row.site, kind: row.kind, slug: row.slug, position: row.position, data: JSON.stringify(row.data) }, "site, kind, slug"),
    ),
  ];
  return `${statements.join("\n")}\n`;
}
