-- The service and parts directory (ADR 0026): each dealership's service and parts offers, searched through the
-- engine's 'Directory_production' index. `data` is a DirectoryOffer (shared/src/contract/directory.ts).
CREATE TABLE directory_offers (
  id TEXT PRIMARY KEY,
  site TEXT NOT NULL REFERENCES sites(slug) ON DELETE CASCADE,
  dealership_id INTEGER NOT NULL REFERENCES dealerships(id) ON DELETE CASCADE,
  data TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX directory_offers_site ON directory_offers(site);
