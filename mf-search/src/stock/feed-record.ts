import { carSchema } from "@dealer/shared/contract";
import { z } from "zod";
import { slugify } from "@dealer/shared/rules";
import type { StockWriter } from "./write-key";

/**
 * A dealer's feed record as a dealer's system sends it (issue 30): the platform's own fields may be left out. The
 * dealer's key for a car is its stock number (its VIN when it has no stock number); the platform keeps the car's
 * id, slug and first-seen time across sends, and derives them for a new car.
 */
export type StoredIdentity = { id: number; slug: string; created_at: string; updated_at: string };

/**
 * A feed record as a dealer may send it: the car, less what the platform derives. The key fills site and dealership;
 * a stock number or, lacking one, a VIN names the car.
 */
export const feedRecordSchema = carSchema
  .extend({
    id: carSchema.shape.id.optional().describe("The platform's id for the car; derived from the dealership and stock number when left out."),
    slug: carSchema.shape.slug.optional().describe("The car page's address, /cars/{slug}; derived from year, make, model, badge and stock number when left out."),
    name: carSchema.shape.name.optional().describe("The car's title; year, make, model and badge when left out."),
    stocknum: carSchema.shape.stocknum.optional().describe("The dealer's stock number: the car's key in the feed. Left out, the VIN is the key."),
    created_at: carSchema.shape.created_at.optional().describe("When the car was first listed; the time the platform first saw it when left out."),
    updated_at: carSchema.shape.updated_at.optional().describe("When the car last changed; the time of the send that changed it when left out."),
  })
  .describe("One vehicle of a dealer's stock feed (POST /api/stock/vehicles/batch). Unknown fields are ignored and listed in the answer.");

/** The feed's JSON Schema, from the zod contract itself (served at /api/stock/schema.json). */
export const feedJsonSchema = () => ({
  $id: "/api/stock/schema.json",
  ...z.toJSONSchema(z.object({ upsert: z.array(feedRecordSchema).max(500), delete: z.array(z.string().min(1)).max(500) }), { io: "input", unrepresentable: "any" }),
});

/** What the platform filled in or left out of one record, for the batch answer. */
export type RecordNotes = { derived: string[]; ignored: string[] };

const KNOWN_FIELDS = new Set([...Object.keys(carSchema.shape), "site", "dealership_id", "dealership_slug"]);

/**
 * A new car's id: unique across the network without asking the database (concurrent batches agree), stable for the
 * dealership's stock number, and far above the ids feeds chose themselves. 40 bits of SHA-256 over the dealership
 * and stock number: at 250,000 cars the chance of any clash is about 3 in 100,000, and a clash is a field error
 * naming the id (the record may then send an id of its own).
 */
export async function derivedCarId(dealershipId: number, stocknum: string): Promise<number> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${dealershipId}|${stocknum}`)));
  const low40 = digest.slice(0, 5).reduce((value, byte) => value * 256 + byte, 0);
  return 2 ** 40 + low40;
}

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);

/** The dealer's key for a record: its stock number, else its VIN; null when it has neither. */
export const feedKeyOf = (record: Record<string, unknown>): string | null => text(record.stocknum) ?? text(record.vin);

/**
 * The record with the platform's fields filled in where it left them out: stocknum from the VIN, then id, slug,
 * name, created_at and updated_at (a stored car keeps its own; `updated_at` is the stored one until the car
 * changes, see planBatch). A record that sends a field keeps its value: existing feeds work unchanged.
 */
export async function completeFeedRecord(
  record: Record<string, unknown>,
  writer: StockWriter,
  storedOf: (stocknum: string) => StoredIdentity | undefined,
  now: Date,
): Promise<{ record: Record<string, unknown>; notes: RecordNotes }> {
  const derived: string[] = [];
  const filled = { ...record };
  const fill = (field: string, value: unknown) => {
    if (filled[field] !== undefined || value === null || value === undefined) return;
    filled[field] = value;
    derived.push(field);
  };
  const stocknum = feedKeyOf(record);
  if (!text(record.stocknum)) fill("stocknum", stocknum);
  const stored = stocknum ? storedOf(stocknum) : undefined;
  const [year, make, model, badge] = [record.year, text(record.make), text(record.model), text(record.badge)];
  const described = typeof year === "number" && make && model;
  if (stocknum) fill("id", stored?.id ?? (await derivedCarId(writer.dealershipId, stocknum)));
  if (described) fill("name", [year, make, model, badge].filter(Boolean).join(" "));
  if (described && stocknum) fill("slug", stored?.slug ?? slugify([year, make, model, badge, stocknum].filter(Boolean).join(" ")));
  fill("created_at", stored?.created_at ?? now.toISOString());
  fill("updated_at", stored?.updated_at ?? now.toISOString());
  return { record: filled, notes: { derived, ignored: Object.keys(record).filter((field) => !KNOWN_FIELDS.has(field)) } };
}
