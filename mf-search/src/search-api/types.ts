import type { IndexRecord, SearchIndex } from "../engine";

/** What an Algolia API key may do: search one site (or all, when `site` is null) and optionally write. */
/** Where a key was presented, and where an audit entry about it may be written after the answer. */
export type KeyRequest = { host: string; path: string; defer: (work: Promise<unknown>) => void };

export interface KeyAccess {
  site: string | null;
  canWrite: boolean;
  /** Filters an Algolia secured API key embeds (the stand-in, ADR 0035), applied instead of the site's; cannot be lifted. */
  filters?: string;
  /** When the key stops being valid (ms since the epoch); a cached access never outlives it. */
  validUntil?: number;
}

export type BatchAction =
  | "addObject"
  | "updateObject"
  | "partialUpdateObject"
  | "partialUpdateObjectNoCreate"
  | "deleteObject"
  | "delete"
  | "clear";

/** One operation of an Algolia batch; every record-bearing operation has its objectID set. */
export interface BatchOperation {
  action: BatchAction;
  body: Record<string, unknown> & { objectID?: string };
}

/** The index that answers a query and, when it holds compact records, where its hits' whole records are read. */
export interface SearchTarget {
  index: SearchIndex;
  /** The whole records of a page's hits by objectID (a missing one drops its hit); absent: the index holds them. */
  hitRecords?(objectIDs: readonly string[]): Promise<ReadonlyMap<string, IndexRecord>>;
  /** The same target once its index has caught up with where the records are read (asked when a hit's record is gone). */
  caughtUp?(): Promise<SearchTarget>;
}

export interface SearchApiDeps {
  /**
   * The current index that answers for `indexName` for this key (one per data set, the stock's per site; its `name`
   * is the primary index, sort replicas are '{name}:{attribute}:{asc|desc}'). An unknown name gets the stock index,
   * which refuses it by name. A data set kept per site refuses a key bound to no site with a SearchError.
   */
  getIndex(indexName: string, access: KeyAccess): Promise<SearchTarget>;
  /**
   * Resolves the credentials a request carries, or null when they are not valid. `request` says where they were
   * presented: a site's secret key answers only on that site's own host (ADR 0057).
   */
  resolveKey(appId: string, apiKey: string, request: KeyRequest): Promise<KeyAccess | null>;
  /**
   * Applies a batch whole or not at all (a clear arrives as one `clear` operation). `access.site` is the
   * site a dealer key is bound to: deletes and clears must stay within it.
   */
  applyBatch(indexName: string, operations: BatchOperation[], access: KeyAccess): Promise<void>;
  /** Stores index settings; without it settings writes are validated and acknowledged only. */
  saveSettings?(indexName: string, settings: Record<string, unknown>, access: KeyAccess): Promise<void>;
}
