import { type LeadRecord, leadRecordSchema } from "@dealer/shared/contract";
import { z } from "zod";

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; anyOf?: JsonSchema[]; oneOf?: JsonSchema[] };

/** Every leaf path of an object schema; a nullable or one-of-several object contributes each variant's paths. */
function leafPaths(schema: JsonSchema, prefix: string): string[] {
  const variants = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  if (variants.length) return [...new Set(variants.flatMap((variant) => leafPaths(variant, prefix)))];
  if (schema.properties) return Object.entries(schema.properties).flatMap(([key, child]) => leafPaths(child, prefix ? `${prefix}.${key}` : key));
  return schema.type === "null" ? [] : [prefix];
}

/**
 * The CSV columns of a lead record: every field of the contract, as dotted paths (customer.first_name,
 * trade_in.valuation.offer ...), generated from the schema so a field added to the record is exported too.
 */
export const RECORD_COLUMNS: readonly string[] = leafPaths(z.toJSONSchema(leadRecordSchema) as JsonSchema, "");

function valueAt(record: LeadRecord, path: string): unknown {
  return path.split(".").reduce<unknown>((value, key) => (value !== null && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined), record);
}

/** A field as a spreadsheet cell's text: lists joined with '; ', a list of pairs as 'key: value'. */
export function recordCell(record: LeadRecord | null, path: string): string {
  const value = record ? valueAt(record, path) : undefined;
  if (value === undefined || value === null) return "";
  if (Array.isArray(value)) return value.map((item) => (typeof item === "object" && item !== null ? Object.values(item).join(": ") : String(item))).join("; ");
  if (typeof value === "object") return Object.entries(value).map(([key, item]) => `${key}=${String(item)}`).join("; ");
  return String(value);
}
