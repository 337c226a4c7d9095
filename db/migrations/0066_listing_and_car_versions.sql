-- Photo settlement keeps other pages kept (issue 30, ADR 0123). `listing_version`: the site's stock version at its
-- last write that was more than photos settling (a feed, an upload, a delete, a reload); pages and their kept slots
-- are named by it. `vehicles.stock_version`: the site's stock version at the car's own last write; a car page is kept
-- by both, so a car whose photos settle misses at once and every other page of the site stays kept.
ALTER TABLE stock_versions ADD COLUMN listing_version INTEGER NOT NULL DEFAULT 0;
UPDATE stock_versions SET listing_version = version;
ALTER TABLE vehicles ADD COLUMN stock_version INTEGER NOT NULL DEFAULT 0;
