import type { StockCsvMapping } from "../config/stock-csv-mapping";
import { carSchema } from "./car";

/**
 * Stock as CSV (issue 30, ADR 0075): a DMS export read with the dealer's column mapping from the site's settings, or
 * a file whose header names the car fields. One reader for `npm run stock:import` and the stock API's text/csv batch.
 */
export const STOCK_CSV_FILE_LIMITS = { columns: 500, cellChars: 20_000 } as const;

/** A file the reader will not take (too wide a row, too long a cell), in the dealer's words. */
export class CsvProblem extends Error {}

type Scanned = { cells: string[]; start: number; end: number };

/** RFC 4180 rows with where each starts and ends: quoted cells may hold the delimiter, newlines and doubled quotes. */
function* scanCsv(text: string, delimiter: string): Generator<Scanned> {
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  let start = 0;
  const push = () => {
    if (cell.length > STOCK_CSV_FILE_LIMITS.cellChars) throw new CsvProblem(`A cell is over ${STOCK_CSV_FILE_LIMITS.cellChars} characters.`);
    row.push(cell);
    if (row.length > STOCK_CSV_FILE_LIMITS.columns) throw new CsvProblem(`A row has more than ${STOCK_CSV_FILE_LIMITS.columns} columns.`);
    cell = "";
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === "\n" || ch === "\r") {
      const end = i;
      if (ch === "\r" && text[i + 1] === "\n") i++;
      push();
      yield { cells: row, start, end };
      row = [];
      start = i + 1;
    } else if (ch === delimiter) push();
    else cell += ch;
  }
  if (cell !== "" || row.length) {
    push();
    yield { cells: row, start, end: text.length };
  }
}

const withoutBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
const blank = (cells: string[]) => cells.every((cell) => cell.trim() === "");

/** The file's rows of cells, blank rows left out; a spreadsheet's byte-order mark is not part of the first header. */
export function parseCsv(text: string, delimiter = ","): string[][] {
  return [...scanCsv(withoutBom(text), delimiter)].map((row) => row.cells).filter((cells) => !blank(cells));
}

/**
 * The file's rows as their own text (header first), to send a long file in parts: where a row ends depends only on
 * quotes and line ends, never on the delimiter, so this needs no mapping.
 */
export function csvRowTexts(text: string): string[] {
  const source = withoutBom(text);
  return [...scanCsv(source, ",")].filter((row) => !blank(row.cells)).map((row) => source.slice(row.start, row.end));
}

type FieldSchema = { safeParse(value: unknown): { success: boolean } };
const shape = carSchema.shape as Record<string, FieldSchema>;
/** A car field's own name (never one an object inherits, such as constructor). */
const isCarField = (name: string) => Object.hasOwn(shape, name);
const accepts = (field: string, value: unknown) => isCarField(field) && (shape[field]?.safeParse(value).success ?? false);
const MONEY_OR_NUMBER = /^\s*\$?\s*-?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?\s*$/;

/**
 * A cell as its field takes it: text kept for a text field; for others JSON (numbers, booleans, objects), a DMS's
 * "$31,990" or "30,100" as a number and yes/no as a boolean. Anything else is left as text for the stock API to reject
 * with the field named.
 */
function cellValue(field: string, cell: string): unknown {
  if (accepts(field, cell)) return cell;
  if (MONEY_OR_NUMBER.test(cell)) {
    const number = Number(cell.replace(/[$,\s]/g, ""));
    if (accepts(field, number)) return number;
  }
  if (/^(yes|y)$/i.test(cell.trim()) && accepts(field, true)) return true;
  if (/^(no|n)$/i.test(cell.trim()) && accepts(field, false)) return false;
  try {
    return JSON.parse(cell);
  } catch {
    return cell;
  }
}

export interface CsvRecords {
  records: Record<string, unknown>[];
  /** Columns neither mapped nor named after a car field: not read. */
  ignoredColumns: string[];
}

const norm = (header: string) => header.trim().toLowerCase();

/**
 * Records from a CSV file: with the dealer's mapping, each mapped column is its field, its photo columns (or its one
 * column of URLs) the record's `images`, and its words for a value the platform's; a column named after a car field
 * is that field either way. An empty cell leaves the field out.
 */
export function csvToRecords(text: string, mapping: StockCsvMapping | null = null): CsvRecords {
  const [header = [], ...rows] = parseCsv(text, mapping?.delimiter ?? ",");
  const mapped = new Map(Object.entries(mapping?.columns ?? {}).map(([column, field]) => [norm(column), field]));
  const photos = mapping?.photos ?? null;
  const photoColumns = photos && "columns" in photos ? photos.columns.map(norm) : photos ? [norm(photos.column)] : [];
  const words = new Map(Object.entries(mapping?.values ?? {}).map(([field, values]) => [field, new Map(Object.entries(values).map(([word, value]) => [norm(word), value]))]));
  const fields = header.map((column) => (photoColumns.includes(norm(column)) ? null : (mapped.get(norm(column)) ?? (isCarField(column.trim()) ? column.trim() : undefined))));
  const photoAt = photoColumns.map((column) => header.findIndex((cell) => norm(cell) === column));
  const ignoredColumns = header.filter((_, i) => fields[i] === undefined);
  const records = rows.map((cells) => {
    const entries: [string, unknown][] = [];
    fields.forEach((field, i) => {
      const cell = cells[i]?.trim() ?? "";
      if (!field || cell === "") return;
      entries.push([field, cellValue(field, words.get(field)?.get(norm(cell)) ?? cell)]);
    });
    const separator = photos && "separator" in photos ? photos.separator : null;
    const urls = photoAt.flatMap((i) => (i < 0 ? [] : separator ? (cells[i] ?? "").split(separator) : [cells[i] ?? ""])).map((url) => url.trim()).filter(Boolean);
    if (urls.length) entries.push(["images", urls]);
    return Object.fromEntries(entries);
  });
  return { records, ignoredColumns };
}
