import { STOCK_VERSION_SQL, stockDataVersion } from "@dealer/shared/http";

/** How often an isolate reads how far the Algolia push has got (the embedded index checks its version as often). */
const CHECK_MS = 1000;

export type PushedStock = { data: string; token: object };

const BEHIND_SQL =
  "SELECT COUNT(*) AS behind FROM stock_versions v LEFT JOIN search_pushes p ON p.site = v.site WHERE v.version > COALESCE(p.pushed_version, 0)";

const kept = new WeakMap<D1Database, { stock: Promise<PushedStock>; checkedAt: number }>();

async function readPushedStock(db: D1Database, previous: PushedStock | null): Promise<PushedStock> {
  const [version, behind] = await db.batch<Record<string, unknown>>([db.prepare(STOCK_VERSION_SQL), db.prepare(BEHIND_SQL)]);
  const row = JSON.stringify(version?.results[0] ?? null);
  // Caught up: the data is the stock version the gateway reads, so it may keep slots until the next change. Behind: a
  // name the gateway never keeps, since the index will change without the stock version changing.
  const data = Number(behind?.results[0]?.behind ?? 0) === 0 ? stockDataVersion(row) : `search-push-pending:${row}`;
  return previous?.data === data ? previous : { data, token: {} };
}

/**
 * With Algolia, what the fragments' stock data is: D1's stock version once the index holds every site's, and a token
 * object that changes with it (per-version caches key on it), read at most once a second.
 */
export function pushedStock(db: D1Database): Promise<PushedStock> {
  const entry = kept.get(db);
  if (entry && Date.now() - entry.checkedAt < CHECK_MS) return entry.stock;
  const stock = (async () => readPushedStock(db, entry ? await entry.stock.catch(() => null) : null))();
  stock.catch(() => kept.delete(db));
  kept.set(db, { stock, checkedAt: Date.now() });
  return stock;
}
