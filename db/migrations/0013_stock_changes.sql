-- Per-site change log of the stock (ADR 0034): every accepted stock batch records, under the site's new version,
-- the ids of the vehicles it wrote or removed. Search indexes (the embedded engine's per-site indexes, the Algolia
-- push) read the ids after the version they hold and apply just those: a car present in `vehicles` is upserted,
-- one absent is deleted, so applying an entry twice is harmless. Old entries are pruned; a reader whose version
-- is older than the oldest kept entry of its site reloads the site.
CREATE TABLE stock_changes (
  site TEXT NOT NULL,
  version INTEGER NOT NULL,
  vehicle_id INTEGER NOT NULL,
  changed_at TEXT NOT NULL,
  PRIMARY KEY (site, version, vehicle_id)
) WITHOUT ROWID;
CREATE INDEX stock_changes_changed_at ON stock_changes(changed_at);

-- Every search index pages through one site's stock by id.
CREATE INDEX vehicles_site_id ON vehicles(site, id);
