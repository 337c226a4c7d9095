import { z } from "zod";
import { maxMap, maxText, tooManyMessage } from "../contract/limits";

/**
 * How a dealer's DMS export reads as stock records (issue 30, ADR 0075): which of its columns is which car field,
 * where its photos are (a column per photo, or one column of URLs split by a separator), its cell delimiter and the
 * words it uses for a field's values ("USED" for used). Kept in the site's settings as `stockCsv`; every size is
 * bounded, as all of a tenant's settings are (ADR 0058).
 */
export const STOCK_CSV_LIMITS = { columns: 200, header: 100, photoColumns: 100, valueFields: 20, valuesPerField: 50, value: 100 } as const;
const L = STOCK_CSV_LIMITS;

const header = z.string().trim().min(1, "a column's header").max(L.header, `Please use at most ${L.header} characters.`);
/** A car field's name (the feed's own; an unknown one is listed as ignored in the batch answer). */
const field = z.string().regex(/^[a-z][A-Za-z0-9_]{0,63}$/, "a car field's name, such as stocknum, price or km");
const photosSchema = z.union([
  z.object({ columns: z.array(header).min(1).max(L.photoColumns, tooManyMessage(L.photoColumns)) }).strict(),
  z.object({ column: header, separator: z.string().min(1).max(3) }).strict(),
]);

export const stockCsvMappingSchema = z
  .object({
    /** The cell delimiter: comma, semicolon, tab or pipe. */
    delimiter: z.enum([",", ";", "\t", "|"]),
    /** The export's column header (compared without case or surrounding spaces) -> the car field it holds. */
    columns: maxMap(field, L.columns, L.header),
    photos: photosSchema.nullable(),
    /** Per field, the export's words -> the platform's value (compared without case), e.g. car_type { "USED": "used" }. */
    values: maxMap(maxMap(maxText(L.value), L.valuesPerField, L.value), L.valueFields),
  })
  .strict();

export type StockCsvMapping = z.infer<typeof stockCsvMappingSchema>;
