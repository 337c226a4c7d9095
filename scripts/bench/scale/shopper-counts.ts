import { INSIGHT_PERIODS } from "../../../shared/src/insights";

/** Days of counts a site gets: the insights page's longest period. */
const DAYS = Math.max(...INSIGHT_PERIODS.map(Number));

/**
 * The shopper traffic the insights page reads (issue 31, ADR 0103), as SQL for the stopped platform's D1 (ADR 0009: a
 * direct write only while no session runs): a row of car_daily_counts for every car of the site and every UTC day of
 * the last 90 to `today`, as a busy site has (every search page shows 24 cars), 0-5 views and 1-40 search appearances,
 * the same for a car and day at every run; dealership_daily_counts made from them as the counting consumer would
 * (each car under its dealership, ADR 0100); and the site's period counts left to be rolled by its first view (ADR 0096).
 */
export function shopperCountsSql(site: string, today: string): string {
  const quoted = `'${site.replaceAll("'", "''")}'`;
  return `WITH RECURSIVE d(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM d WHERE n < ${DAYS - 1})
INSERT INTO car_daily_counts (site, car_id, day, views, search_appearances)
SELECT v.site, v.id, date('${today}', '-' || d.n || ' days'), (v.id * 7 + d.n * 13) % 6, 1 + (v.id * 11 + d.n * 5) % 40
FROM vehicles v CROSS JOIN d WHERE v.site = ${quoted}
ON CONFLICT (site, car_id, day) DO UPDATE SET views = excluded.views, search_appearances = excluded.search_appearances;
DELETE FROM dealership_daily_counts WHERE site = ${quoted};
INSERT INTO dealership_daily_counts (site, dealership_id, day, views, searches)
SELECT c.site, v.dealership_id, c.day, SUM(c.views), SUM(c.search_appearances)
FROM car_daily_counts c JOIN vehicles v ON v.id = c.car_id AND v.site = c.site
WHERE c.site = ${quoted} GROUP BY c.site, v.dealership_id, c.day;
DELETE FROM car_period_count_days WHERE site = ${quoted};
`;
}
