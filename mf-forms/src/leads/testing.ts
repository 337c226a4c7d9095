import { anonymousSession } from "@dealer/shared/atoms";
import { resolveSiteConfig } from "@dealer/shared/config";
import type { FragmentRequest } from "@dealer/shared/fragment";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Miniflare } from "miniflare";

const MIGRATIONS_DIR = join(import.meta.dirname, "../../../db/migrations");

/** Test-only helpers shared by the remotes' loader tests. A fresh in-memory D1 (real workerd SQLite) with every migration applied. */
export async function createTestD1(): Promise<{ db: D1Database; dispose: () => Promise<void> }> {
  const mf = new Miniflare({ modules: true, script: "", d1Databases: ["DB"] });
  const db = (await mf.getD1Database("DB")) as unknown as D1Database;
  for (const file of readdirSync(MIGRATIONS_DIR).filter((name) => name.endsWith(".sql")).sort()) {
    const statements = readFileSync(join(MIGRATIONS_DIR, file), "utf8")
      .replace(/--.*$/gm, "")
      .split(";")
      .map((statement) => statement.trim())
      .filter(Boolean);
    await db.batch(statements.map((statement) => db.prepare(statement)));
  }
  return { db, dispose: () => mf.dispose() };
}

/** Inserts a site row (config override as given) so site lookups succeed. */
export async function insertSite(db: D1Database, slug: string, config: Record<string, unknown> = {}): Promise<void> {
  await db
    .prepare("INSERT INTO sites (slug, name, template, config, created_at) VALUES (?, ?, 'car-dealer', ?, '2025-01-01T00:00:00Z')")
    .bind(slug, slug, JSON.stringify(config))
    .run();
}

/** A fragment request as the gateway sends it, for loader tests. */
export function testFragmentRequest(site: string, params: Record<string, string> = {}, config: Record<string, unknown> = {}): FragmentRequest {
  return {
    site: { slug: site, name: site, template: "car-dealer" },
    config: resolveSiteConfig(site, config),
    session: anonymousSession,
    slot: "test",
    path: "/",
    params,
  };
}
