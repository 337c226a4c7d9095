-- What the Algolia push (ADR 0035) has sent of each site's stock: the stock version its index holds. The queue
-- consumer reads the change log after it, pushes those vehicles and raises it; the scheduled reconciliation compares
-- it with stock_versions. Unused with the embedded engine.
CREATE TABLE search_pushes (
  site TEXT PRIMARY KEY,
  pushed_version INTEGER NOT NULL DEFAULT 0,
  pushed_at TEXT NOT NULL,
  -- The last full resync of the site (browse, delete extras, save all), and the last failure, for the operator.
  resynced_at TEXT,
  last_error TEXT
) WITHOUT ROWID;
