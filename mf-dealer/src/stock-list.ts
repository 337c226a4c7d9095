import { z } from "zod";

/**
 * The console's stock list (ADR 0078): a dealership's cars a page at a time, in stock-number order, searched by stock
 * number, make or model. Every query walks one index range from the page's start and stops at a page (migration 0045),
 * so a page costs the same at 25 cars or 25,000: no count, no offset, no sort of the matches.
 */
export const STOCK_PAGE_SIZE = 25;

export const stockQuerySchema = z
  .object({
    q: z.string().trim().max(60, "Enter at most 60 characters.").optional(),
    after: z.string().max(64, "This page link is not valid: start from the first page.").optional(),
    before: z.string().max(64, "This page link is not valid: start from the first page.").optional(),
  })
  .strip()
  .refine((query) => query.after === undefined || query.before === undefined, { path: ["before"], message: "This page link is not valid: start from the first page." });
export type StockQuery = z.infer<typeof stockQuerySchema>;

export type StockRow = { stocknum: string; slug: string; make: string | null; model: string | null; year: number | null; price: number | null; status: string; photos: number };

const COLUMNS = "stocknum, slug, make, model, year, price, status, coalesce(json_array_length(data, '$.images'), 0) AS photos";
/**
 * Where a query's index range starts and which way it walks: forward after a stock number, backward before one (a
 * "Previous page": the same index read in reverse, no sort), or forward from one (what follows a previous page).
 */
export type StockRange = "after" | "before" | "from";
const RANGE: Record<StockRange, string> = {
  after: `stocknum > ?2`,
  before: `stocknum < ?2`,
  from: `stocknum >= ?2`,
};
const PAGE: Record<StockRange, string> = {
  after: `ORDER BY stocknum LIMIT ${STOCK_PAGE_SIZE + 1}`,
  before: `ORDER BY stocknum DESC LIMIT ${STOCK_PAGE_SIZE + 1}`,
  from: `ORDER BY stocknum LIMIT ${STOCK_PAGE_SIZE + 1}`,
};
/** Each further word must start a word of the car's make, model or stock number (read only on the rows the index found). */
const MORE_WORDS = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ` AND (' ' || lower(coalesce(make, '') || ' ' || coalesce(model, '') || ' ' || stocknum)) LIKE ?${from + i} ESCAPE '\\'`).join("");

/** The statements a page reads, by what the first word may be and the range: exported so a test can read their query plans. */
export const STOCK_SQL = {
  all: (range: StockRange) => `SELECT ${COLUMNS} FROM vehicles WHERE dealership_id = ?1 AND ${RANGE[range]} ${PAGE[range]}`,
  stocknum: (more: number, range: StockRange) =>
    `SELECT ${COLUMNS} FROM vehicles WHERE dealership_id = ?1 AND ${RANGE[range]} AND stocknum >= ?3 AND stocknum < ?3 || char(1114111)${MORE_WORDS(4, more)} ${PAGE[range]}`,
  make: (more: number, range: StockRange) => `SELECT ${COLUMNS} FROM vehicles WHERE dealership_id = ?1 AND ${RANGE[range]} AND make = ?3 COLLATE NOCASE${MORE_WORDS(4, more)} ${PAGE[range]}`,
  model: (more: number, range: StockRange) => `SELECT ${COLUMNS} FROM vehicles WHERE dealership_id = ?1 AND ${RANGE[range]} AND model = ?3 COLLATE NOCASE${MORE_WORDS(4, more)} ${PAGE[range]}`,
};

const likeWord = (word: string) => `% ${word.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const byStocknum = (a: StockRow, b: StockRow) => (a.stocknum < b.stocknum ? -1 : a.stocknum > b.stocknum ? 1 : 0);

export type StockPage = { rows: StockRow[]; next: string | null; previous: string | null };

/**
 * One page of a dealership's cars after `after` or before `before`: with words, those whose stock number starts with
 * the first word (as typed or in capitals), or whose make or model is the first word, each further word starting a
 * word of the car's. `next` is the stock number the following page starts after and `previous` the one the page
 * before ends before, each null at that end. A page before a stock number with fewer than a page of cars before it
 * is the first page, filled from what follows, so paging back never shows a short page.
 */
export async function stockPage(db: D1Database, dealershipId: number, query: StockQuery): Promise<StockPage> {
  const words = (query.q ?? "").split(/\s+/).filter(Boolean).slice(0, 5);
  const [first, ...more] = words;
  const statements = (range: StockRange, start: string) =>
    first
      ? [...new Set([first, first.toUpperCase()])]
          .map((prefix) => db.prepare(STOCK_SQL.stocknum(more.length, range)).bind(dealershipId, start, prefix, ...more.map(likeWord)))
          .concat([STOCK_SQL.make, STOCK_SQL.model].map((sql) => db.prepare(sql(more.length, range)).bind(dealershipId, start, first, ...more.map(likeWord))))
      : [db.prepare(STOCK_SQL.all(range)).bind(dealershipId, start)];
  // Each query is the first rows of its own range in its order, so the first rows of their union are exact.
  const union = (results: D1Result<StockRow>[]) => [...new Map(results.flatMap((result) => result.results).map((row) => [row.stocknum, row])).values()].sort(byStocknum);
  if (query.before === undefined) {
    const rows = union(await db.batch<StockRow>(statements("after", query.after ?? "")));
    const page = rows.slice(0, STOCK_PAGE_SIZE);
    return { rows: page, next: rows.length > STOCK_PAGE_SIZE ? (page.at(-1)?.stocknum ?? null) : null, previous: query.after ? (page[0]?.stocknum ?? null) : null };
  }
  const back = statements("before", query.before);
  const results = await db.batch<StockRow>([...back, ...statements("from", query.before)]);
  const before = union(results.slice(0, back.length));
  const from = union(results.slice(back.length));
  if (before.length > STOCK_PAGE_SIZE) {
    const page = before.slice(-STOCK_PAGE_SIZE);
    return { rows: page, next: from.length ? (page.at(-1)?.stocknum ?? null) : null, previous: page[0]?.stocknum ?? null };
  }
  const rows = [...before, ...from];
  const page = rows.slice(0, STOCK_PAGE_SIZE);
  return { rows: page, next: rows.length > STOCK_PAGE_SIZE ? (page.at(-1)?.stocknum ?? null) : null, previous: null };
}

/** The car a stock number names in this dealership, or null (another dealership's or site's is none). */
export const stockCar = (db: D1Database, dealershipId: number, stocknum: string) =>
  db
    .prepare(`SELECT ${COLUMNS}, data ->> '$.spin_interior_image' AS interior, data ->> '$.spin_interior_upload' AS interior_upload FROM vehicles WHERE dealership_id = ? AND stocknum = ?`)
    .bind(dealershipId, stocknum)
    .first<StockCar>();
/** A car of the stock with its interior panorama: what its page shows, and the uploaded one's address (ADR 0105). */
export type StockCar = StockRow & { interior: string | null; interior_upload: string | null };
