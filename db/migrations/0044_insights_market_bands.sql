-- The insights page at network scale (issue 31, ADR 0077). A view used to read every network car of the scope's
-- models (180,925 rows at 250,000 vehicles) into the Worker to take each band's median there.
--
-- market_bands: each comparable band's (make, model, year band, odometer band; shared/src/rules/insights.ts) count of
-- asking prices and the three prices around its middle, at 0-based positions floor((n-1)/2) - 1, floor((n-1)/2) and
-- floor((n-1)/2) + 1: all a car's median needs with its own price left out once (pricePositionInBand). Only these
-- figures are kept: never a car or a dealer.
CREATE TABLE market_bands (
  make TEXT NOT NULL,
  model TEXT NOT NULL,
  year_band INTEGER NOT NULL,
  km_band INTEGER NOT NULL,
  n INTEGER NOT NULL,
  below REAL,
  middle REAL,
  above REAL,
  PRIMARY KEY (make, model, year_band, km_band)
) WITHOUT ROWID;

-- The models whose bands a stock write may have changed. Marked by the triggers below on every writer's path (the
-- stock API, feeds, the photo refresh, seeds); the insights page recomputes their bands, in the same D1 batch as its
-- reads, before reading them (mf-dealer/src/insights-data.ts), so the market it shows is never stale.
CREATE TABLE market_dirty (
  make TEXT NOT NULL,
  model TEXT NOT NULL,
  PRIMARY KEY (make, model)
) WITHOUT ROWID;

-- Each trigger skips a model already marked with NOT EXISTS, not OR IGNORE: a trigger fired by the stock writer's
-- upsert (INSERT … ON CONFLICT DO UPDATE) takes the outer statement's conflict policy (abort), so OR IGNORE inside it
-- would fail the whole batch on the second car of a model.
CREATE TRIGGER market_dirty_on_insert AFTER INSERT ON vehicles
WHEN NEW.make IS NOT NULL AND NEW.model IS NOT NULL
BEGIN
  INSERT INTO market_dirty (make, model) SELECT lower(trim(NEW.make)), lower(trim(NEW.model))
  WHERE NOT EXISTS (SELECT 1 FROM market_dirty WHERE make = lower(trim(NEW.make)) AND model = lower(trim(NEW.model)));
END;

CREATE TRIGGER market_dirty_on_update AFTER UPDATE OF data, status ON vehicles
BEGIN
  INSERT INTO market_dirty (make, model)
  SELECT make, model FROM (
    SELECT lower(trim(OLD.make)) AS make, lower(trim(OLD.model)) AS model WHERE OLD.make IS NOT NULL AND OLD.model IS NOT NULL
    UNION SELECT lower(trim(NEW.make)), lower(trim(NEW.model)) WHERE NEW.make IS NOT NULL AND NEW.model IS NOT NULL
  ) AS changed
  WHERE NOT EXISTS (SELECT 1 FROM market_dirty WHERE market_dirty.make = changed.make AND market_dirty.model = changed.model);
END;

CREATE TRIGGER market_dirty_on_delete AFTER DELETE ON vehicles
WHEN OLD.make IS NOT NULL AND OLD.model IS NOT NULL
BEGIN
  INSERT INTO market_dirty (make, model) SELECT lower(trim(OLD.make)), lower(trim(OLD.model))
  WHERE NOT EXISTS (SELECT 1 FROM market_dirty WHERE make = lower(trim(OLD.make)) AND model = lower(trim(OLD.model)));
END;

-- Every model there is, so the first view computes the whole market once.
INSERT OR IGNORE INTO market_dirty (make, model)
SELECT DISTINCT lower(trim(make)), lower(trim(model)) FROM vehicles WHERE make IS NOT NULL AND model IS NOT NULL;

-- A scope's figures (counts, lists, sorting) read per car what this index holds: its listing time, sale date, photos
-- and band columns, with no record's JSON parsed (SQLite reads an indexed expression's value from the index). The
-- expressions are mf-dealer/src/insights-sql.ts's own, character for character. (Virtual generated columns in an
-- index instead crashed the local runtime's SQLite under the stock import.)
CREATE INDEX vehicles_insights ON vehicles(
  site, status, dealership_id, json_extract(data, '$.created_at'), sold_date,
  max(coalesce(json_array_length(data, '$.images'), 0), coalesce(json_extract(data, '$.photos_count'), 0)),
  lower(trim(make)), lower(trim(model)), year, km, price
);
