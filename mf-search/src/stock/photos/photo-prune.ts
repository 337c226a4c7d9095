import { VIDEO_PATH_PREFIX } from "@dealer/shared/media";
import type { PhotoEnv } from "../../env";

/**
 * R2 copies no car shows any more are deleted (ADR 0080). A copy is `{site}/{hash}`, shared by every car of the site
 * that shows the same bytes (a photo by URL and the same file uploaded are one copy), so a copy goes only when no car
 * of its site names its hash anywhere in its stored JSON (photos, spin frames, video) and no car waits for a URL held
 * under it. Another site's copy of the same bytes is its own key, never touched. The `photos` rows of a pruned copy go
 * with it, so a feed that names their URLs again has them fetched again rather than shown from a copy that is gone.
 */
const HASH = /[0-9a-f]{64}/g;

/** Every content hash named in these texts (a car's stored JSON): 64 hex digits after `photos/`, `/cdn/video/` or `upload:`. */
export const hashesIn = (texts: Iterable<string>) => new Set([...texts].flatMap((text) => text.match(HASH) ?? []));

const NAMES_A_COPY = `(instr(data, 'photos/') OR instr(data, '${VIDEO_PATH_PREFIX}') OR instr(data, 'upload:'))`;

/** The hashes these stored cars of a dealership name, read before a write that may drop them. */
export async function hashesOfCars(db: D1Database, dealershipId: number, stocknums: string[]): Promise<Set<string>> {
  if (!stocknums.length) return new Set();
  const { results } = await db
    .prepare(`SELECT data AS text FROM vehicles WHERE dealership_id = ? AND stocknum IN (SELECT value FROM json_each(?)) AND ${NAMES_A_COPY}`)
    .bind(dealershipId, JSON.stringify(stocknums))
    .all<{ text: string }>();
  return hashesIn(results.map((row) => row.text));
}

/**
 * The hashes the site's cars show or wait for (photo_waits: a car keeping its photos until its new ones are held), the
 * copies of URLs a car names while it still shows them as pending (the consumer has stored the copy and is about to
 * rewrite the car), the copy of each car's interior URL from the feed (kept while an upload wins over it, ADR 0105), and
 * the site's stock version these were read at.
 */
async function siteReferences(db: D1Database, site: string): Promise<{ hashes: Set<string>; version: number }> {
  const [cars, waits, named, version] = await db.batch<{ text: string }>([
    db.prepare(`SELECT data AS text FROM vehicles WHERE site = ? AND ${NAMES_A_COPY}`).bind(site),
    db
      .prepare("SELECT p.hash AS text FROM photo_waits w, json_each(w.urls) u JOIN photos p ON p.site = w.site AND p.url = u.value WHERE w.site = ? AND p.hash IS NOT NULL")
      .bind(site),
    db
      .prepare(
        `SELECT p.hash AS text FROM vehicles v, json_each(v.data, '$.images') j JOIN photos p ON p.site = v.site AND p.url = j.value ->> '$.photo.source'
          WHERE v.site = ?1 AND instr(v.data, '"status":"pending"') AND j.value ->> '$.photo.status' = 'pending' AND p.hash IS NOT NULL
         UNION SELECT p.hash FROM vehicles v JOIN photos p ON p.site = v.site AND p.url = v.data ->> '$.spin_interior_source'
          WHERE v.site = ?1 AND p.hash IS NOT NULL`,
      )
      .bind(site),
    db.prepare("SELECT coalesce((SELECT version FROM stock_versions WHERE site = ?), 0) AS text").bind(site),
  ]);
  const texts = [...(cars?.results ?? []), ...(waits?.results ?? []), ...(named?.results ?? [])].map((row) => row.text);
  return { hashes: hashesIn(texts), version: Number(version?.results[0]?.text ?? 0) };
}

/** Times a prune reads the references again when a write of the site's stock came between its read and its delete. */
const PRUNE_TRIES = 3;

/**
 * Of these hashes of the site, deletes the copies (and their `photos` rows) nothing references; the hashes deleted.
 * The rows go in one D1 statement guarded by the site's stock version as the references were read: every write of a car
 * bumps it, so a car written in between (a feed naming a held URL, an upload, the consumer's refresh) makes the prune
 * read again instead of deleting a copy that car now shows (ADR 0084). A feed that read a row before this delete
 * finds it gone after its own write and has the URL fetched again (photo-store.ts, `recordFeedPhotos`).
 */
export async function pruneUnreferenced(env: PhotoEnv & { DB: D1Database }, site: string, candidates: Iterable<string>): Promise<string[]> {
  const wanted = [...new Set(candidates)];
  if (!wanted.length || !env.PHOTOS) return [];
  for (let attempt = 0; attempt < PRUNE_TRIES; attempt++) {
    const references = await siteReferences(env.DB, site);
    const unreferenced = wanted.filter((hash) => !references.hashes.has(hash));
    if (!unreferenced.length) return [];
    const [, still] = await env.DB.batch<{ version: number }>([
      env.DB.prepare(
        "DELETE FROM photos WHERE site = ?1 AND hash IN (SELECT value FROM json_each(?2)) AND coalesce((SELECT version FROM stock_versions WHERE site = ?1), 0) = ?3",
      ).bind(site, JSON.stringify(unreferenced), references.version),
      env.DB.prepare("SELECT coalesce((SELECT version FROM stock_versions WHERE site = ?), 0) AS version").bind(site),
    ]);
    if (Number(still?.results[0]?.version ?? -1) !== references.version) continue;
    // The rows went first: from now on a feed naming one of their URLs fetches it again.
    await env.PHOTOS.delete(unreferenced.map((hash) => `${site}/${hash}`));
    return unreferenced;
  }
  return [];
}

/**
 * A copy stored within this time is never pruned by the sweep: an upload or a fetch stores its copy before it writes
 * the car that shows it.
 */
export const PRUNE_GRACE_MS = 60 * 60 * 1000;
const KEY = /^([^/]+)\/([0-9a-f]{64})$/;

/** The hourly sweep: every copy in R2 older than the grace, checked against its site's cars by reference. */
export async function prunePhotoCopies(env: PhotoEnv & { DB: D1Database }, now: Date): Promise<number> {
  if (!env.PHOTOS) return 0;
  let removed = 0;
  let cursor: string | undefined;
  do {
    const page = await env.PHOTOS.list({ limit: 1000, ...(cursor ? { cursor } : {}) });
    const bySite = new Map<string, string[]>();
    for (const object of page.objects) {
      const [, site, hash] = KEY.exec(object.key) ?? [];
      if (!site || !hash || now.getTime() - object.uploaded.getTime() < PRUNE_GRACE_MS) continue;
      bySite.set(site, [...(bySite.get(site) ?? []), hash]);
    }
    for (const [site, hashes] of bySite) removed += (await pruneUnreferenced(env, site, hashes)).length;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return removed;
}
