import { MAX_BATCH_SIZE } from "../../mf-search/src/stock/validate-batch";

export interface DealershipBatch {
  dealershipSlug: string;
  upsert: Record<string, unknown>[];
}

/** Groups records by dealership_slug (or `fallbackSlug`), in batches of at most 500. */
export function splitIntoBatches(records: Record<string, unknown>[], fallbackSlug?: string, size = MAX_BATCH_SIZE): DealershipBatch[] {
  const byDealership = new Map<string, Record<string, unknown>[]>();
  for (const record of records) {
    const slug = typeof record.dealership_slug === "string" ? record.dealership_slug : fallbackSlug;
    if (!slug) throw new Error(`Record ${String(record.stocknum ?? "?")} has no dealership_slug; pass --key to name the dealership.`);
    const list = byDealership.get(slug) ?? [];
    list.push(record);
    byDealership.set(slug, list);
  }
  const batches: DealershipBatch[] = [];
  for (const [dealershipSlug, list] of byDealership) {
    for (let i = 0; i < list.length; i += size) batches.push({ dealershipSlug, upsert: list.slice(i, i + size) });
  }
  return batches;
}
