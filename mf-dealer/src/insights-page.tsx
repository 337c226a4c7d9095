import { parseWithFieldErrors } from "@dealer/shared/contract";
import { INSIGHT_PERIODS, insightDay } from "@dealer/shared/insights";
import { csvLines, INSIGHT_LISTS, type PricePosition, pricePositionWords, vehiclePath } from "@dealer/shared/rules";
import { STAFF_PATHS } from "@dealer/shared/staff";
import { buttonClass } from "@dealer/shared/ui";
import { Hono } from "hono";
import { type Ctx, staffFor } from "./access";
import type { Env } from "./env";
import {
  type CarRow,
  type Dealership,
  type DayTotals,
  INSIGHT_SORTS,
  type InsightSort,
  type InsightsQuery,
  type InsightsFreshness,
  behindIn,
  insightsForCsv,
  insightsQuerySchema,
  LIST_NAMES,
  loadInsights,
  PAGE_SIZE,
  periodStart,
  WHOLE_GROUP,
} from "./insights-data";
import { ConsoleField, ErrorList, html, invalidProps, Page, PRIVATE } from "./page";

const CSV_PATH = `${STAFF_PATHS.insights}.csv`;
const FIELD_LABELS: Record<string, string> = { dealership: "Dealership", days: "Period", sort: "Order", list: "List", page: "Page" };

const leadWords = (leads: Record<string, number>) =>
  Object.entries(leads)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, n]) => `${kind.replace(/_/g, " ")} ${n}`)
    .join(", ") || "0";

const money = (amount: number) => `$${Math.round(amount).toLocaleString("en-AU")}`;
const positionCell = (position: PricePosition) =>
  position.kind === "position" ? `${pricePositionWords(position)} (${money(position.median)}, ${position.comparables} cars)` : pricePositionWords(position);

/** A response's header naming what its figures are behind in (absent: up to date), for a script or a test that waits. */
const BEHIND_HEADER = "x-insights-behind";

/**
 * When what the view read is behind today (ADR 0111), the consumer is asked to refresh the site after the answer; the
 * view never waits for it, and a failed send costs it a log line. Answers the response's freshness header.
 */
function askRefreshWhenBehind(c: Ctx, site: string, freshness: InsightsFreshness, now: Date): Record<string, string> {
  const behind = behindIn(freshness, insightDay(now));
  if (!behind.length) return {};
  const queue = c.env.INSIGHTS_QUEUE;
  if (queue) c.executionCtx.waitUntil(queue.send({ refresh: site }).catch((error: unknown) => console.error("[insights] refresh send failed", error)));
  return { [BEHIND_HEADER]: behind.join(",") };
}

/** What the page says of its figures' freshness (ADR 0111): the day its counts are at, and whether the market waits. */
function Freshness({ freshness }: { freshness: InsightsFreshness }) {
  const counts = freshness.countsDay ? `Page views and search appearances are counted to ${freshness.countsDay} (UTC)` : "No page views or search appearances are counted yet";
  const market = freshness.marketModelsWaiting > 0 ? `market medians are being updated for ${freshness.marketModelsWaiting} changed models` : "market medians are up to date";
  return <p data-freshness>{`${counts}${freshness.countsSumming ? ", being added up again now" : ""}; ${market}.`}</p>;
}

/**
 * The query as asked: the staff member's own dealership unless another of the site's (or the whole group) is named.
 * An unknown dealership is a 400 naming the field, like a bad period.
 */
type Asked = {
  dealerships: Dealership[];
  query: Record<string, string>;
  errors: Record<string, string[]>;
  /** Set when the query is good: the dealership (null: the whole group), the period's days and the table's page. */
  chosen?: Dealership | null;
  days?: number;
  table?: Pick<InsightsQuery, "sort" | "list" | "page">;
};

async function readQuery(c: Ctx, site: string, own: Dealership): Promise<Asked> {
  const query = Object.fromEntries(Object.entries(c.req.query()).filter(([key, value]) => key in FIELD_LABELS && value !== ""));
  const { results } = await c.env.DB.prepare("SELECT id, slug, name FROM dealerships WHERE site = ? ORDER BY name").bind(site).all<Dealership>();
  const parsed = parseWithFieldErrors(insightsQuerySchema, query);
  if (!parsed.ok) return { dealerships: results, query, errors: parsed.fieldErrors };
  const slug = parsed.data.dealership ?? own.slug;
  const chosen = slug === WHOLE_GROUP && results.length > 1 ? null : results.find((dealership) => dealership.slug === slug);
  if (chosen === undefined) return { dealerships: results, query, errors: { dealership: ["Choose a dealership from the list"] } };
  const { sort, list, page } = parsed.data;
  return { dealerships: results, query, errors: {}, chosen, days: Number(parsed.data.days), table: { sort, list, page } };
}

/** Every day of the period, a day without counts at 0. */
function everyDay(trend: DayTotals[], days: number, now: Date): DayTotals[] {
  const byDay = new Map(trend.map((row) => [row.day, row]));
  const first = Date.parse(periodStart(days, now));
  return Array.from({ length: days }, (_, index) => {
    const day = new Date(first + index * 86_400_000).toISOString().slice(0, 10);
    return byDay.get(day) ?? { day, views: 0, searches: 0, leads: 0 };
  });
}

const SERIES = {
  views: { label: "Page views", unit: "views" },
  searches: { label: "Search appearances", unit: "search appearances" },
  leads: { label: "Leads", unit: "leads" },
} as const;
const SERIES_NAMES = Object.keys(SERIES) as (keyof typeof SERIES)[];

/** The charts' figures as a table, for a screen reader and for anyone who wants the numbers (issue 31). */
function TrendTable({ trend }: { trend: DayTotals[] }) {
  return (
    <details className="console-trend-figures">
      <summary>The trend's figures, day by day</summary>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the table scrolls sideways on a phone, so a keyboard must be able to reach it. */}
      <section className="console-table" aria-label="The trend's figures" tabIndex={0}>
        <table>
          <caption className="visually-hidden">Page views, search appearances and leads a day over the last {trend.length} days</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {SERIES_NAMES.map((series) => (
                <th key={series} scope="col">
                  {SERIES[series].label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {trend.map((row) => (
              <tr key={row.day} data-day={row.day}>
                <th scope="row">{row.day}</th>
                {SERIES_NAMES.map((series) => (
                  <td key={series} data-figure={series}>
                    {row[series]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </details>
  );
}

const priceChangeCell = ({ days, last }: CarRow["priceChanges"]) =>
  last ? `${days.length} (last ${last.at.slice(0, 10)}${last.from !== null && last.to !== null ? `: ${money(last.from)} to ${money(last.to)}` : ""})` : "None";

/** A bar a day (server-drawn SVG, no script); the figures themselves are in the table and the CSV. */
function TrendChart({ trend, series }: { trend: DayTotals[]; series: keyof typeof SERIES }) {
  const { label, unit } = SERIES[series];
  const top = Math.max(0, ...trend.map((row) => row[series]));
  const caption = `${label} a day over the last ${trend.length} days (busiest day ${top})`;
  const width = 100 / trend.length;
  return (
    <figure className="console-chart" data-series={series}>
      <svg viewBox="0 0 100 40" preserveAspectRatio="none" role="img" aria-labelledby={`trend-${series}`}>
        <title>{caption}</title>
        {trend.map((row, index) => {
          const height = (row[series] / Math.max(1, top)) * 38;
          return (
            <rect key={row.day} x={index * width + width * 0.1} y={40 - height} width={width * 0.8} height={height} className="console-chart__bar">
              <title>{`${row.day}: ${row[series]} ${unit}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption id={`trend-${series}`}>{caption}</figcaption>
    </figure>
  );
}

/** Insights (issue 31 goal 4, ADR 0070): how each car is selling, for a dealership or the whole group; and its CSV. */
export function createInsightsPage() {
  const app = new Hono<{ Bindings: Env }>();

  app.get(CSV_PATH, async (c) => {
    const allowed = await staffFor(c, "insights.read");
    if (allowed instanceof Response) return allowed;
    const { staff } = allowed;
    const asked = await readQuery(c, staff.site, { id: staff.dealershipId, slug: staff.dealershipSlug, name: staff.dealershipName });
    if (asked.days === undefined) return c.json({ message: "Invalid insights query", fieldErrors: asked.errors }, 400, PRIVATE);
    const now = new Date();
    const { kinds, chunks, freshness } = await insightsForCsv(c.env.DB, staff.site, asked.chosen?.id ?? null, asked.days, now);
    const behind = askRefreshWhenBehind(c, staff.site, freshness, now);
    const header = [
      "stocknum", "car", "dealership", "price", "days_in_stock", "page_views", "search_appearances", "leads",
      ...kinds.map((kind) => `leads_${kind}`), "saves", "photos", "market_median", "comparables", "price_position_percent",
      "price_changes", "price_change_days", "last_price_change_at", "last_price_from", "last_price_to", ...LIST_NAMES,
    ];
    const row = (car: CarRow) => [
      car.stocknum, car.name, car.dealership, car.price, car.days, car.views, car.searches, car.leads,
      ...kinds.map((kind) => car.leadsByKind[kind] ?? 0), car.saves, car.photos,
      car.position.kind === "position" ? car.position.median : "", car.position.comparables, car.position.kind === "position" ? car.position.percent : "",
      car.priceChanges.days.length, car.priceChanges.days.join(" "), car.priceChanges.last?.at ?? "", car.priceChanges.last?.from ?? "", car.priceChanges.last?.to ?? "",
      ...LIST_NAMES.map((name) => (INSIGHT_LISTS[name].includes(car) ? "yes" : "no")),
    ];
    // Written a chunk of cars at a time as they are read (ADR 0077): a group's 25,000 cars are never held whole.
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode(csvLines([header])));
      },
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(csvLines(next.value.map(row))));
      },
    });
    const file = `insights-${asked.chosen?.slug ?? WHOLE_GROUP}-${asked.days}d.csv`;
    return c.body(body, 200, { ...PRIVATE, ...behind, "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${file}"` });
  });

  app.get(STAFF_PATHS.insights, async (c) => {
    const allowed = await staffFor(c, "insights.read");
    if (allowed instanceof Response) return allowed;
    const { staff } = allowed;
    const asked = await readQuery(c, staff.site, { id: staff.dealershipId, slug: staff.dealershipSlug, name: staff.dealershipName });
    const now = new Date();
    const loaded = asked.days !== undefined && asked.table ? await loadInsights(c.env.DB, staff.site, asked.chosen?.id ?? null, asked.days, now, asked.table) : null;
    const days = asked.days ?? 30;
    const scopeName = asked.chosen === null ? "the whole group" : (asked.chosen?.name ?? staff.dealershipName);
    const typed = (field: string) => (typeof asked.query[field] === "string" ? asked.query[field] : "");
    const cars: CarRow[] = loaded?.page.cars ?? [];
    const trend = loaded ? everyDay(loaded.trend, days, now) : [];
    const group = asked.dealerships.length > 1;
    const url = new URL(c.req.url);
    const search = url.search;
    /** This page's address with some of its query changed (a list, the page); a page is always asked from the first. */
    const linkTo = (change: Record<string, string | undefined>) => {
      const params = new URLSearchParams(url.search);
      for (const [key, value] of Object.entries(change)) {
        if (value === undefined) params.delete(key);
        else params.set(key, value);
      }
      const query = params.toString();
      return query ? `${STAFF_PATHS.insights}?${query}` : STAFF_PATHS.insights;
    };
    const table = asked.table ?? { sort: "listed" as InsightSort, list: undefined, page: 1 };
    const pages = Math.max(1, Math.ceil((loaded?.page.total ?? 0) / PAGE_SIZE));
    const first = (table.page - 1) * PAGE_SIZE;
    return c.html(
      html(
        <Page title={`Insights: ${scopeName}`} staff={staff} buildId={c.env.BUILD_ID} path={STAFF_PATHS.insights}>
          <h1>Insights for {scopeName}</h1>
          <form method="get" action={STAFF_PATHS.insights} className="console-filters" noValidate>
            <ErrorList errors={asked.errors} labelOf={(field) => FIELD_LABELS[field] ?? field} />
            <ConsoleField id="insights-dealership" label="Dealership" errors={asked.errors.dealership}>
              <select className="ui-select" id="insights-dealership" name="dealership" defaultValue={typed("dealership") || staff.dealershipSlug} {...invalidProps("insights-dealership", asked.errors.dealership)}>
                {group && <option value={WHOLE_GROUP}>The whole group</option>}
                {asked.dealerships.map((dealership) => (
                  <option key={dealership.slug} value={dealership.slug}>
                    {dealership.name}
                  </option>
                ))}
              </select>
            </ConsoleField>
            <ConsoleField id="insights-days" label="Period" errors={asked.errors.days}>
              <select className="ui-select" id="insights-days" name="days" defaultValue={typed("days") || "30"} {...invalidProps("insights-days", asked.errors.days)}>
                {INSIGHT_PERIODS.map((period) => (
                  <option key={period} value={period}>{`Last ${period} days`}</option>
                ))}
              </select>
            </ConsoleField>
            <ConsoleField id="insights-sort" label="Order" errors={asked.errors.sort}>
              <select className="ui-select" id="insights-sort" name="sort" defaultValue={typed("sort") || "listed"} {...invalidProps("insights-sort", asked.errors.sort)}>
                {Object.entries(INSIGHT_SORTS).map(([sort, label]) => (
                  <option key={sort} value={sort}>
                    {label}
                  </option>
                ))}
              </select>
            </ConsoleField>
            {table.list && <input type="hidden" name="list" value={table.list} />}
            <button type="submit" className={buttonClass({ variant: "primary" })}>
              Show
            </button>
          </form>
          {loaded && (
            <>
              <Freshness freshness={loaded.freshness} />
              <p>
                <a href={`${CSV_PATH}${search}`} download>
                  Download every figure (CSV)
                </a>
              </p>
              <dl className="console-details console-card" aria-label="Totals">
                {[
                  ["Cars in stock", loaded.totals.cars],
                  ["Page views", loaded.totals.views],
                  ["Search appearances", loaded.totals.searches],
                  ["Leads", loaded.totals.leads],
                  ["Watchlist saves", loaded.totals.saves],
                ].map(([label, value]) => (
                  <div key={label}>
                    <dt>{label}</dt>
                    <dd data-total={label}>{value}</dd>
                  </div>
                ))}
              </dl>
              <h2>Trend</h2>
              {SERIES_NAMES.map((series) => (
                <TrendChart key={series} trend={trend} series={series} />
              ))}
              <TrendTable trend={trend} />
              <h2>Act on</h2>
              {LIST_NAMES.map((name) => {
                const { count, cars: listed } = loaded.lists[name];
                return (
                  <section key={name} aria-labelledby={`list-${name}`} data-list={name} data-count={count}>
                    <h3 id={`list-${name}`}>{`${INSIGHT_LISTS[name].title} (${count})`}</h3>
                    {listed.length ? (
                      <ul className="console-list">
                        {listed.map((car) => (
                          <li key={car.id} data-stocknum={car.stocknum}>
                            <a href={vehiclePath(car.slug)}>{car.name}</a> {`(${car.stocknum})`}
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <p>None.</p>
                    )}
                    {count > listed.length && <a href={linkTo({ list: name, page: undefined })}>{`All ${count} in the table below`}</a>}
                  </section>
                );
              })}
              <h2 id="each-car">Each car</h2>
              <p aria-live="polite" data-table-count={loaded.page.total}>
                {table.list ? `${INSIGHT_LISTS[table.list].title}: ` : ""}
                {cars.length ? `cars ${first + 1} to ${first + cars.length} of ${loaded.page.total}` : `no cars on page ${table.page} of ${pages}`}{" "}
                {table.list && <a href={linkTo({ list: undefined, page: undefined })}>Show every car</a>}
              </p>
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the table scrolls sideways on a phone, so a keyboard must be able to reach it. */}
              <section className="console-table" aria-label="Each car's figures" tabIndex={0}>
                <table>
                  <caption className="visually-hidden">Each car's figures over the last {days} days</caption>
                  <thead>
                    <tr>
                      <th scope="col">Car</th>
                      {group && <th scope="col">Dealership</th>}
                      <th scope="col">Days in stock</th>
                      <th scope="col">Page views</th>
                      <th scope="col">Search appearances</th>
                      <th scope="col">Leads</th>
                      <th scope="col">Saves</th>
                      <th scope="col">Photos</th>
                      <th scope="col">Price against the market</th>
                      <th scope="col">Price changes</th>
                    </tr>
                  </thead>
                  <tbody>
                    {cars.map((car) => (
                      <tr key={car.id} data-stocknum={car.stocknum} data-lists={LIST_NAMES.filter((name) => INSIGHT_LISTS[name].includes(car)).join(" ")}>
                        <th scope="row">{`${car.name} (${car.stocknum})`}</th>
                        {group && <td>{car.dealership}</td>}
                        <td data-figure="days">{car.days ?? ""}</td>
                        <td data-figure="views">{car.views}</td>
                        <td data-figure="searches">{car.searches}</td>
                        <td data-figure="leads">{leadWords(car.leadsByKind)}</td>
                        <td data-figure="saves">{car.saves}</td>
                        <td data-figure="photos">{car.photos}</td>
                        <td data-figure="position">{positionCell(car.position)}</td>
                        <td data-figure="price-changes">{priceChangeCell(car.priceChanges)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
              {pages > 1 && (
                <nav aria-label="Pages of the table" className="console-pages">
                  {table.page > 1 && <a href={linkTo({ page: String(Math.min(table.page - 1, pages)) })} rel="prev">Previous page</a>}{" "}
                  <span>{`Page ${table.page} of ${pages}`}</span>{" "}
                  {table.page < pages && <a href={linkTo({ page: String(table.page + 1) })} rel="next">Next page</a>}
                </nav>
              )}
            </>
          )}
        </Page>,
      ),
      loaded ? 200 : 400,
      { ...PRIVATE, ...(loaded ? askRefreshWhenBehind(c, staff.site, loaded.freshness, now) : {}) },
    );
  });
  return app;
}
