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
  })
  .strip();
export type StockQuery = z.infer<typeof stockQuerySchema>;

export type StockRow = { stocknum: string; slug: string; make: string | null; model: string | null; year: number | null; price: number | null; status: string; photos: number };

const COLUMNS = "stocknum, slug, make, model, year, price, status, coalesce(json_array_length(data, '$.images'), 0) AS photos";
const PAGE = `ORDER BY stocknum LIMIT ${STOCK_PAGE_SIZE + 1}`;
/** Each further word must start a word of the car's make, model or stock number (read only on the rows the index found). */
const MORE_WORDS = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ` AND (' ' || lower(coalesce(make, '') || ' ' || coalesce(model, '') || ' ' || stocknum)) LIKE ?${from + i} ESCAPE '\\'`).join("");

/** The statements a page reads, by what the first word may be: exported so a test can read their query plans. */
export const STOCK_SQL = {
  all: `SELECT ${COLUMNS} FROM vehicles WHERE dealership_id = ?1 AND stocknum > ?2 ${PAGE}`,
  stocknum: (more: number) => `SELECT ${COLUMNS} FROM vehicles WHERE dealership_id = ?1 AND stocknum > ?2 AND stocknum >= ?3 AND stocknum < ?3 || char(1114111)${MORE_WORDS(4, more)} ${PAGE}`,
  make: (more: number) => `SELECT ${COLUMNS} FROM vehicles WHERE dealership_id = ?1 AND stocknum > ?2 AND make = ?3 COLLATE NOCASE${MORE_WORDS(4, more)} ${PAGE}`,
  model: (more: number) => `SELECT ${COLUMNS} FROM vehicles WHERE dealership_id = ?1 AND stocknum > ?2 AND model = ?3 COLLATE NOCASE${MORE_WORDS(4, more)} ${PAGE}`,
};

const likeWord = (word: string) => `% ${word.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of a dealership's cars after `after`: with words, those whose stock number starts with the first word (as
 * typed or in capitals), or whose make or model is the first word, each further word starting a word of the car's.
 * `next` is the stock number the following page starts after, or null on the last page.
 */
export async function stockPage(db: D1Database, dealershipId: number, query: StockQuery): Promise<{ rows: StockRow[]; next: string | null }> {
  const after = query.after ?? "";
  const words = (query.q ?? "").split(/\s+/).filter(Boolean).slice(0, 5);
  const [first, ...more] = words;
  const statements = first
    ? [...new Set([first, first.toUpperCase()])].map((prefix) => db.prepare(STOCK_SQL.stocknum(more.length)).bind(dealershipId, after, prefix, ...more.map(likeWord)))
        .concat([STOCK_SQL.make, STOCK_SQL.model].map((sql) => db.prepare(sql(more.length)).bind(dealershipId, after, first, ...more.map(likeWord))))
    : [db.prepare(STOCK_SQL.all).bind(dealershipId, after)];
  const results = await db.batch<StockRow>(statements);
  // Each query is the first rows of its own range in stock-number order, so the first page of their union is exact.
  const byStocknum = new Map(results.flatMap((result) => result.results).map((row) => [row.stocknum, row]));
  const rows = [...byStocknum.values()].sort((a, b) => (a.stocknum < b.stocknum ? -1 : a.stocknum > b.stocknum ? 1 : 0));
  return { rows: rows.slice(0, STOCK_PAGE_SIZE), next: rows.length > STOCK_PAGE_SIZE ? (rows[STOCK_PAGE_SIZE - 1]?.stocknum ?? null) : null };
}

/** The car a stock number names in this dealership, or null (another dealership's or site's is none). */
export const stockCar = (db: D1Database, dealershipId: number, stocknum: string) =>
  db.prepare(`SELECT ${COLUMNS} FROM vehicles WHERE dealership_id = ? AND stocknum = ?`).bind(dealershipId, stocknum).first<StockRow>();
