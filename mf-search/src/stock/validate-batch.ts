import { type Car, carSchema, type FieldErrors, parseWithFieldErrors } from "@dealer/shared/contract";
import { z } from "zod";
import type { StockWriter } from "./write-key";

export const MAX_BATCH_SIZE = 500;

export const stockBatchSchema = z
  .object({
    upsert: z.array(z.unknown()).max(MAX_BATCH_SIZE).default([]),
    delete: z.array(z.string().min(1)).max(MAX_BATCH_SIZE).default([]),
  })
  .strict();

export interface RejectedRecord {
  index: number;
  stocknum: string | null;
  errors: FieldErrors;
}

export type BatchValidation = { ok: true; cars: Car[] } | { ok: false; rejected: RejectedRecord[] };

const OWNED_FIELDS = ["site", "dealership_id", "dealership_slug"] as const;

function stocknumOf(record: unknown): string | null {
  const value = (record as { stocknum?: unknown } | null)?.stocknum;
  return typeof value === "string" ? value : null;
}

/**
 * Every record parsed with carSchema. The key's dealership fills site, dealership_id and
 * dealership_slug when absent and rejects a record that names another. A stock number may appear
 * once per batch, and not both upserted and deleted.
 */
export function validateBatch(upserts: unknown[], deletes: string[], writer: StockWriter): BatchValidation {
  const owned = { site: writer.site, dealership_id: writer.dealershipId, dealership_slug: writer.dealershipSlug };
  const rejected: RejectedRecord[] = [];
  const cars: Car[] = [];
  const seen = new Set<string>();
  const ids = new Set<unknown>();
  const slugs = new Set<unknown>();
  const deleting = new Set(deletes);
  upserts.forEach((record, index) => {
    const stocknum = stocknumOf(record);
    if (typeof record !== "object" || record === null || Array.isArray(record)) {
      rejected.push({ index, stocknum, errors: { "(root)": ["Each record must be a JSON object."] } });
      return;
    }
    const errors: FieldErrors = {};
    for (const field of OWNED_FIELDS) {
      const given = (record as Record<string, unknown>)[field];
      if (given !== undefined && given !== owned[field]) {
        errors[field] = [`Your key writes for ${field} ${JSON.stringify(owned[field])}, not ${JSON.stringify(given)}.`];
      }
    }
    const parsed = parseWithFieldErrors(carSchema, { ...record, ...owned });
    if (!parsed.ok) Object.assign(errors, parsed.fieldErrors);
    if (stocknum !== null && seen.has(stocknum)) (errors.stocknum ??= []).push("Stock number appears more than once in this batch.");
    if (stocknum !== null && deleting.has(stocknum)) (errors.stocknum ??= []).push("Stock number is both upserted and deleted in this batch.");
    const { id, slug } = record as { id?: unknown; slug?: unknown };
    if (id !== undefined && ids.has(id)) (errors.id ??= []).push("id appears more than once in this batch.");
    if (slug !== undefined && slugs.has(slug)) (errors.slug ??= []).push("slug appears more than once in this batch.");
    if (stocknum !== null) seen.add(stocknum);
    ids.add(id);
    slugs.add(slug);
    if (Object.keys(errors).length || !parsed.ok) rejected.push({ index, stocknum, errors });
    else cars.push(parsed.data);
  });
  return rejected.length ? { ok: false, rejected } : { ok: true, cars };
}
