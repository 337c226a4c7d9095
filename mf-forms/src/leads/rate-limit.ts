/** Leads one client may send to one site per window; LEAD_RATE_LIMIT="count/seconds" overrides it. */
export const DEFAULT_LEAD_RATE_LIMIT = { count: 20, seconds: 60 };

export function parseRateLimit(setting: string | undefined): { count: number; seconds: number } {
  const match = /^(\d+)\/(\d+)$/.exec(setting ?? "");
  const count = Number(match?.[1]);
  const seconds = Number(match?.[2]);
  return count > 0 && seconds > 0 ? { count, seconds } : DEFAULT_LEAD_RATE_LIMIT;
}

/**
 * Fixed-window counter in D1, so every isolate of the Worker counts together: one UPSERT per request.
 * Answers how long to wait (seconds, for Retry-After) when the client is over the limit, else null.
 */
export async function rateLimited(db: D1Database, client: string, limit: { count: number; seconds: number }, now: number): Promise<number | null> {
  const windowMs = limit.seconds * 1000;
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const row = await db
    .prepare(
      "INSERT INTO lead_rate_limits (client, window_start, count) VALUES (?, ?, 1) ON CONFLICT (client, window_start) DO UPDATE SET count = count + 1 RETURNING count",
    )
    .bind(client, windowStart)
    .first<{ count: number }>();
  if (!row || row.count <= limit.count) return null;
  return Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
}

/** Drops finished windows (the scheduled sweep calls this). */
export async function pruneRateLimits(db: D1Database, now: number): Promise<void> {
  await db.prepare("DELETE FROM lead_rate_limits WHERE window_start < ?").bind(now - 60 * 60 * 1000).run();
}
