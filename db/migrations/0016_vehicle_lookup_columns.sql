-- Columns the page-time reads look vehicles up by (ADR 0036). Each is generated from `data` by SQLite itself, so
-- every writer (the stock store, the import CLI, reservations) fills it on write without knowing of it, and the
-- existing rows are filled by this migration (a VIRTUAL column is computed on read; its indexes store the values).
ALTER TABLE vehicles ADD COLUMN make TEXT GENERATED ALWAYS AS (json_extract(data, '$.make')) VIRTUAL;
ALTER TABLE vehicles ADD COLUMN model TEXT GENERATED ALWAYS AS (json_extract(data, '$.model')) VIRTUAL;
ALTER TABLE vehicles ADD COLUMN year INTEGER GENERATED ALWAYS AS (json_extract(data, '$.year')) VIRTUAL;
ALTER TABLE vehicles ADD COLUMN price REAL GENERATED ALWAYS AS (json_extract(data, '$.price')) VIRTUAL;
ALTER TABLE vehicles ADD COLUMN km INTEGER GENERATED ALWAYS AS (json_extract(data, '$.km')) VIRTUAL;
ALTER TABLE vehicles ADD COLUMN shown INTEGER GENERATED ALWAYS AS (coalesce(json_extract(data, '$.show_on_dealer_website'), 1)) VIRTUAL;
ALTER TABLE vehicles ADD COLUMN sold_date TEXT GENERATED ALWAYS AS (json_extract(data, '$.sold_date')) VIRTUAL;

-- The sitemap's car files page through a site's cars by slug and decide visibility from this index alone.
CREATE INDEX vehicles_site_sitemap ON vehicles(site, slug, status, shown, sold_date);
-- A car page's price comparison: comparable stock across the platform by make, model and year band, read in
-- (year, id) order so a capped read is a sample of each year's prices rather than the cheapest.
CREATE INDEX vehicles_comparables ON vehicles(make COLLATE NOCASE, model COLLATE NOCASE, year, id, price);
-- A trade-in valuation: one site's in-stock cars of the shopper's make and model, whatever the case.
CREATE INDEX vehicles_site_comparables ON vehicles(site, status, make COLLATE NOCASE, model COLLATE NOCASE, price, year, km);
