import type { FieldErrors } from "@dealer/shared/contract";
import { siteFromHost } from "@dealer/shared/http";
import { siteOfPublicSearchKey, verifySiteKey } from "@dealer/shared/keys";
import { SearchError } from "../engine";
import type { KeyAccess, SearchApiDeps } from "../search-api";
import { applyBatch as applyStockBatch, findVehicles, planBatch, type StockChanged } from "../stock/stock-store";
import { MAX_BATCH_SIZE, validateBatch } from "../stock/validate-batch";
import { type StockWriter, stockWriterOf } from "../stock/write-key";
import { foldOperations } from "./fold-operations";

/** A resolved key; `writer` is the dealership a write key speaks for (null for search keys). */
interface DealerKeyAccess extends KeyAccess {
  writer: StockWriter | null;
}

const writerOf = (access: KeyAccess): StockWriter | null => (access as Partial<DealerKeyAccess>).writer ?? null;

function rejection(rejected: { objectID: string; errors: FieldErrors }[]): SearchError {
  const details = rejected.map(({ objectID, errors }) => {
    const fields = Object.entries(errors).map(([field, messages]) => `${field}: ${messages.join(", ")}`);
    return `objectID ${objectID}: ${fields.join("; ")}`;
  });
  return new SearchError(`${rejected.length} record(s) rejected; nothing was applied. ${details.join(" | ")}`);
}

/**
 * Algolia writes as stock changes: a batch becomes one stock-API batch (validated with carSchema, applied
 * whole in one D1 transaction with the stock version bump, idempotent), and the index follows D1 as for
 * any other stock change. A write key acts for its dealership only: deletes and `clear` touch that
 * dealership's cars (the whole site's for a single-dealership site). Settings writes are not handled
 * here: the index keeps the platform's own settings, so a settings PUT is validated and acknowledged only.
 */
export function createStockWrites(options: { db: D1Database; indexName: string; now?: () => Date; changed?: StockChanged }): Pick<SearchApiDeps, "resolveKey" | "applyBatch"> {
  const { db, indexName } = options;
  const now = options.now ?? (() => new Date());
  return {
    /*
     * The platform is one application: the key decides access. A site's public search key is bound to its site by
     * name (and public); a secret key (search or stock:write) answers only on its own site's host, like the stock
     * API (ADR 0057).
     */
    async resolveKey(_appId, apiKey, request) {
      const publicSite = siteOfPublicSearchKey(apiKey);
      if (publicSite) {
        const site = await db.prepare("SELECT slug FROM sites WHERE slug = ? AND status = 'active'").bind(publicSite).first<{ slug: string }>();
        return site ? ({ site: site.slug, canWrite: false, writer: null } satisfies DealerKeyAccess) : null;
      }
      const hostSite = await siteFromHost(db, request.host);
      const grant = await verifySiteKey(db, apiKey, ["search", "stock:write"], { site: hostSite?.slug ?? null, host: request.host, path: request.path }, request.defer);
      if (!grant?.site) return null;
      const writer = await stockWriterOf(db, grant);
      const access: DealerKeyAccess = { site: grant.site, canWrite: writer !== null, writer };
      return access;
    },

    async applyBatch(targetIndex, operations, access) {
      if (targetIndex !== indexName) throw new SearchError(`Index ${targetIndex} is read-only: stock is written to ${indexName}`);
      const writer = writerOf(access);
      if (!writer) throw new SearchError("Only a dealership write key may change stock", 403);
      if (operations.length > MAX_BATCH_SIZE) throw new SearchError(`A batch holds at most ${MAX_BATCH_SIZE} operations`);

      const stored = new Map((await findVehicles(db, writer, undefined)).map((car) => [String(car.id), car]));
      const folded = foldOperations(operations, stored);
      const validation = validateBatch(
        folded.upserts.map((upsert) => upsert.record),
        folded.deletes,
        writer,
      );
      const validationErrors = new Map(validation.ok ? [] : validation.rejected.map((r) => [r.index, r.errors]));
      const rejected = folded.upserts.flatMap(({ objectID, errors }, index) => {
        const all = { ...errors, ...validationErrors.get(index) };
        return Object.keys(all).length ? [{ objectID, errors: all }] : [];
      });
      if (!validation.ok || rejected.length) throw rejection(rejected);

      const plan = await planBatch(db, writer, validation.cars, folded.deletes);
      if (!plan.ok) throw rejection(plan.conflicts.map((c) => ({ objectID: folded.upserts[c.index]!.objectID, errors: c.errors })));
      await applyStockBatch(db, writer, plan, now().toISOString(), options.changed);
    },
  };
}
