import { carSchema } from "@dealer/shared/contract";

/** RFC 4180 CSV: quoted cells may hold commas, newlines and doubled quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += ch;
  }
  if (cell !== "" || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => r.some((c) => c !== ""));
}

const shape = carSchema.shape as Record<string, { safeParse(value: unknown): { success: boolean } }>;

/** Fields whose schema takes text keep the cell as is; others read it as JSON (numbers, booleans, objects). */
function cellValue(field: string, cell: string): unknown {
  if (shape[field]?.safeParse(cell).success) return cell;
  try {
    return JSON.parse(cell);
  } catch {
    return cell; // left for the stock API to reject with the field named
  }
}

/** Records from CSV whose header row holds Car field names; an empty cell leaves the field out. */
export function csvToRecords(text: string): Record<string, unknown>[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  return rows.map((cells) => {
    const record: Record<string, unknown> = {};
    header.forEach((field, i) => {
      const cell = cells[i] ?? "";
      if (cell !== "") record[field.trim()] = cellValue(field.trim(), cell);
    });
    return record;
  });
}
