/** One CSV cell, safe to open in a spreadsheet. */
export function csvCell(value: unknown): string {
  // A number is never a formula: -12.8 stays a number a spreadsheet can sum.
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  const text = value === undefined || value === null ? "" : String(value);
  // A leading = + - @ would run as a formula in a spreadsheet; a leading ' would be taken for the mark that stops one.
  const safe = /^[=+\-@']/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** CSV lines, each ended by CRLF (as RFC 4180 writes it): a file's part, for a file sent in pieces. */
export const csvLines = (rows: readonly (readonly unknown[])[]): string => rows.map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");

/** A CSV file: a header line, then a line per row. */
export const csvFile = (header: readonly string[], rows: readonly (readonly unknown[])[]): string => csvLines([header, ...rows]);
