-- The insights page's per-car facts as plain columns (issue 31, ADR 0089). The scope's figures read, per car, its
-- listing time, sale date, photos and band columns; from `vehicles` each is a JSON read of a ~5 KB record (or a
-- virtual column over one), and SQLite will not use an index on those expressions as covering (it decides covering by
-- columns, and `data` is not in the index), so every view parsed every car of the scope: 8,390 at 100,000 vehicles.
-- This table holds them once per car, kept by triggers on every writer's path (the stock API, feeds, the photo
-- refresh, seeds), as migrations 0040 and 0044 do. The market's refresh reads its bands from here too.
--
-- Each column has the affinity of the `vehicles` column it copies (year INTEGER, km INTEGER, price REAL), so the
-- rules' type tests (an integer model year, a numeric odometer, a positive price) answer as they do on `vehicles`.
-- make and model are kept as the comparable key has them: lower case, outer spaces trimmed.
CREATE TABLE car_stock_figures (
  car_id INTEGER PRIMARY KEY,
  site TEXT NOT NULL,
  dealership_id INTEGER NOT NULL,
  status TEXT NOT NULL,
  listed_at TEXT,
  sold_date TEXT,
  photos INTEGER NOT NULL,
  make TEXT,
  model TEXT,
  year INTEGER,
  km INTEGER,
  price REAL
);
-- A site's (or a dealership's) cars of a status: the page's scope.
CREATE INDEX car_stock_figures_scope ON car_stock_figures(site, status, dealership_id);
-- A model's cars of a status with what a band needs: the market's refresh reads only this index.
CREATE INDEX car_stock_figures_market ON car_stock_figures(make, model, status, year, km, price);

-- A car's figures as its record has them: the one statement of them, which the triggers and the backfill read.
CREATE VIEW car_stock_figures_of_vehicles AS
SELECT id AS car_id, site, dealership_id, status, json_extract(data, '$.created_at') AS listed_at, sold_date,
  max(coalesce(json_array_length(data, '$.images'), 0), coalesce(json_extract(data, '$.photos_count'), 0)) AS photos,
  lower(trim(make)) AS make, lower(trim(model)) AS model, year, km, price
FROM vehicles;

-- Deleted then written again, never upserted: a trigger fired by the stock writer's upsert takes the outer
-- statement's conflict policy (see migration 0044), so a conflict here must not be possible. The stock writer's
-- upsert may change a car's id, hence OLD.id.
CREATE TRIGGER car_stock_figures_on_insert AFTER INSERT ON vehicles
BEGIN
  DELETE FROM car_stock_figures WHERE car_id = NEW.id;
  INSERT INTO car_stock_figures SELECT * FROM car_stock_figures_of_vehicles WHERE car_id = NEW.id;
END;

CREATE TRIGGER car_stock_figures_on_update AFTER UPDATE OF id, site, dealership_id, status, data ON vehicles
BEGIN
  DELETE FROM car_stock_figures WHERE car_id IN (OLD.id, NEW.id);
  INSERT INTO car_stock_figures SELECT * FROM car_stock_figures_of_vehicles WHERE car_id = NEW.id;
END;

CREATE TRIGGER car_stock_figures_on_delete AFTER DELETE ON vehicles
BEGIN
  DELETE FROM car_stock_figures WHERE car_id = OLD.id;
END;

INSERT INTO car_stock_figures SELECT * FROM car_stock_figures_of_vehicles;

-- Read by nothing now (the page and the refresh read the table above); each cost every stock write a JSON read.
DROP INDEX vehicles_insights;
DROP INDEX vehicles_market;
