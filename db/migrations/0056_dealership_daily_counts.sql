-- The insights trend of views and search appearances a day, kept per site, dealership and UTC day (issue 31, ADR 0100).
-- The page used to sum every car_daily_counts row of its period joined to the car for its dealership: with real traffic
-- a row per car and day, 2.6 s of CPU a view for a 25,000-car group over 90 days. Now it reads at most a row per
-- dealership and day (12 x 90 for the largest group).
--
-- Each row is exactly what the page's old statement summed for that dealership and day: the car_daily_counts rows of
-- the cars that exist now, each under the dealership it belongs to now. So the rule for a car that changes dealership
-- (or site, or id) is that its counted days move with it, and a deleted car's days leave the trend, as they leave every
-- per-car figure: the triggers below subtract the car's days from where they were and add them where it is. The queue's
-- consumer adds each batch's counts in the same D1 batch (one transaction) as car_daily_counts, for cars that exist;
-- a count of a car not (yet) in stock reaches this table when a car of that id is written (the insert trigger).
CREATE TABLE dealership_daily_counts (
  site TEXT NOT NULL,
  dealership_id INTEGER NOT NULL,
  day TEXT NOT NULL,
  views INTEGER NOT NULL,
  searches INTEGER NOT NULL,
  PRIMARY KEY (site, dealership_id, day)
);
-- The whole group's trend: one range of the site's days.
CREATE INDEX dealership_daily_counts_day ON dealership_daily_counts(site, day);

-- A car's counted days added to (sign 1) or taken from (sign -1) a dealership's days: the one statement of it, which
-- the triggers on vehicles below run by inserting a row into this view. Rows are made first with NOT EXISTS, then
-- added to with UPDATE … FROM (a trigger's UPDATE takes no alias), never an upsert or OR IGNORE (a trigger fired by the
-- stock writer's upsert takes its conflict policy, see migration 0044). A car with no counts (every new car) reads one
-- empty range of car_daily_counts' key.
CREATE VIEW dealership_daily_counts_change AS SELECT NULL AS site, NULL AS dealership_id, NULL AS car_id, NULL AS sign;
CREATE TRIGGER dealership_daily_counts_change INSTEAD OF INSERT ON dealership_daily_counts_change
BEGIN
  INSERT INTO dealership_daily_counts (site, dealership_id, day, views, searches)
  SELECT NEW.site, NEW.dealership_id, c.day, 0, 0 FROM car_daily_counts c
  WHERE c.site = NEW.site AND c.car_id = NEW.car_id
    AND NOT EXISTS (SELECT 1 FROM dealership_daily_counts d WHERE d.site = NEW.site AND d.dealership_id = NEW.dealership_id AND d.day = c.day);
  UPDATE dealership_daily_counts
  SET views = dealership_daily_counts.views + NEW.sign * c.views, searches = dealership_daily_counts.searches + NEW.sign * c.search_appearances
  FROM car_daily_counts c WHERE c.site = NEW.site AND c.car_id = NEW.car_id AND dealership_daily_counts.site = NEW.site
    AND dealership_daily_counts.dealership_id = NEW.dealership_id AND dealership_daily_counts.day = c.day;
END;

CREATE TRIGGER dealership_daily_counts_on_insert AFTER INSERT ON vehicles
BEGIN
  INSERT INTO dealership_daily_counts_change VALUES (NEW.site, NEW.dealership_id, NEW.id, 1);
END;

CREATE TRIGGER dealership_daily_counts_on_delete AFTER DELETE ON vehicles
BEGIN
  INSERT INTO dealership_daily_counts_change VALUES (OLD.site, OLD.dealership_id, OLD.id, -1);
END;

-- A move (the stock writer's upsert may also change a car's id): its days leave the old dealership and join the new.
CREATE TRIGGER dealership_daily_counts_on_move AFTER UPDATE OF id, site, dealership_id ON vehicles
WHEN OLD.id IS NOT NEW.id OR OLD.site IS NOT NEW.site OR OLD.dealership_id IS NOT NEW.dealership_id
BEGIN
  INSERT INTO dealership_daily_counts_change VALUES (OLD.site, OLD.dealership_id, OLD.id, -1), (NEW.site, NEW.dealership_id, NEW.id, 1);
END;

INSERT INTO dealership_daily_counts (site, dealership_id, day, views, searches)
SELECT c.site, v.dealership_id, c.day, SUM(c.views), SUM(c.search_appearances)
FROM car_daily_counts c JOIN vehicles v ON v.id = c.car_id AND v.site = c.site
GROUP BY c.site, v.dealership_id, c.day;

-- Each car in stock's market median (its comparables' median with its own price left out once, as the page states it;
-- NULL when it has no band or too few comparables), kept in car_stock_figures so a view's scope reads a column instead
-- of joining every car to market_bands (a third to a half of the scope statement's CPU in sqlite3). The view's market refresh
-- (mf-dealer/src/insights-data.ts MARKET_REFRESH) writes it for every car of a marked model, in the same batch as its
-- reads, so it is as fresh as the bands. A row written again by 0054's triggers starts without one (the view below
-- says NULL) and marks its model, so the next refresh computes it whatever column the write changed.
ALTER TABLE car_stock_figures ADD COLUMN median REAL;
DROP VIEW car_stock_figures_of_vehicles;
CREATE VIEW car_stock_figures_of_vehicles AS
SELECT id AS car_id, site, dealership_id, status, json_extract(data, '$.created_at') AS listed_at, sold_date,
  max(coalesce(json_array_length(data, '$.images'), 0), coalesce(json_extract(data, '$.photos_count'), 0)) AS photos,
  lower(trim(make)) AS make, lower(trim(model)) AS model, year, km, price, json_extract(data, '$.name') AS name, NULL AS median
FROM vehicles;

CREATE TRIGGER car_stock_figures_mark_market AFTER INSERT ON car_stock_figures
WHEN NEW.make IS NOT NULL AND NEW.model IS NOT NULL
BEGIN
  INSERT INTO market_dirty (make, model) SELECT NEW.make, NEW.model
  WHERE NOT EXISTS (SELECT 1 FROM market_dirty WHERE make = NEW.make AND model = NEW.model);
END;

-- Every model marked, so the first view computes every car's median (and the bands, as after an import).
INSERT INTO market_dirty (make, model)
SELECT DISTINCT make, model FROM car_stock_figures f WHERE make IS NOT NULL AND model IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM market_dirty d WHERE d.make = f.make AND d.model = f.model);
