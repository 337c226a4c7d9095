-- The insights page's totals of the cars in stock (issue 31, ADR 0106): per site and dealership, the cars in stock and
-- the sums of their period counts (car_period_counts, migration 0055) and how many of them were viewed, so the page
-- reads a row per dealership instead of every car's period counts (about 30 ms of CPU for the largest group at
-- 250,000 vehicles, ADR 0103). Only cars in stock (status 'in_stock' or 'coming_soon', the page's scope) are summed:
-- a car's counts join its figures row on (site, car_id), as the page's own join took them.
--
-- Kept by triggers on both inputs, in the writer's own statement: a stock write (0054's triggers delete and insert the
-- car's figures row), the counting consumer's upsert of a car's counts, and the roll of a site's counts to a new day
-- (delete and insert of every row of the site). Rows are made with NOT EXISTS and added to with UPDATE, never an
-- upsert or OR IGNORE inside a trigger (the stock writer's upsert would impose its conflict policy, migration 0044); the
-- add is written once as an INSTEAD OF INSERT trigger on a one-row view, as 0056 does. A row left at zero stays.
CREATE TABLE dealership_stock_totals (
  site TEXT NOT NULL,
  dealership_id INTEGER NOT NULL,
  cars INTEGER NOT NULL,
  views7 INTEGER NOT NULL,
  views30 INTEGER NOT NULL,
  views90 INTEGER NOT NULL,
  searches7 INTEGER NOT NULL,
  searches30 INTEGER NOT NULL,
  searches90 INTEGER NOT NULL,
  viewed7 INTEGER NOT NULL,
  viewed30 INTEGER NOT NULL,
  viewed90 INTEGER NOT NULL,
  PRIMARY KEY (site, dealership_id)
);

CREATE VIEW dealership_stock_totals_change AS
SELECT NULL AS site, NULL AS dealership_id, NULL AS cars, NULL AS views7, NULL AS views30, NULL AS views90, NULL AS searches7,
  NULL AS searches30, NULL AS searches90, NULL AS viewed7, NULL AS viewed30, NULL AS viewed90;
CREATE TRIGGER dealership_stock_totals_change INSTEAD OF INSERT ON dealership_stock_totals_change
BEGIN
  INSERT INTO dealership_stock_totals SELECT NEW.site, NEW.dealership_id, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
  WHERE NOT EXISTS (SELECT 1 FROM dealership_stock_totals WHERE site = NEW.site AND dealership_id = NEW.dealership_id);
  UPDATE dealership_stock_totals SET cars = cars + NEW.cars, views7 = views7 + NEW.views7, views30 = views30 + NEW.views30,
    views90 = views90 + NEW.views90, searches7 = searches7 + NEW.searches7, searches30 = searches30 + NEW.searches30,
    searches90 = searches90 + NEW.searches90, viewed7 = viewed7 + NEW.viewed7, viewed30 = viewed30 + NEW.viewed30, viewed90 = viewed90 + NEW.viewed90
  WHERE site = NEW.site AND dealership_id = NEW.dealership_id;
END;

-- A car's figures row written (0054's triggers write it again on every stock write) or taken away, while in stock:
-- the car and its period counts join or leave its dealership's totals.
CREATE TRIGGER dealership_stock_totals_car_in AFTER INSERT ON car_stock_figures WHEN NEW.status IN ('in_stock', 'coming_soon')
BEGIN
  INSERT INTO dealership_stock_totals_change
  SELECT NEW.site, NEW.dealership_id, 1, coalesce(k.views7, 0), coalesce(k.views30, 0), coalesce(k.views90, 0), coalesce(k.searches7, 0),
    coalesce(k.searches30, 0), coalesce(k.searches90, 0), coalesce(k.views7 > 0, 0), coalesce(k.views30 > 0, 0), coalesce(k.views90 > 0, 0)
  FROM (SELECT 1) LEFT JOIN car_period_counts k ON k.site = NEW.site AND k.car_id = NEW.car_id;
END;

CREATE TRIGGER dealership_stock_totals_car_out AFTER DELETE ON car_stock_figures WHEN OLD.status IN ('in_stock', 'coming_soon')
BEGIN
  INSERT INTO dealership_stock_totals_change
  SELECT OLD.site, OLD.dealership_id, -1, -coalesce(k.views7, 0), -coalesce(k.views30, 0), -coalesce(k.views90, 0), -coalesce(k.searches7, 0),
    -coalesce(k.searches30, 0), -coalesce(k.searches90, 0), -coalesce(k.views7 > 0, 0), -coalesce(k.views30 > 0, 0), -coalesce(k.views90 > 0, 0)
  FROM (SELECT 1) LEFT JOIN car_period_counts k ON k.site = OLD.site AND k.car_id = OLD.car_id;
END;

-- The totals follow a car's row in and out; no writer updates what they key on (0054's triggers delete and insert,
-- the market's refresh sets the median), and one that did would leave them wrong: refused, not kept silently.
CREATE TRIGGER dealership_stock_totals_car_key BEFORE UPDATE OF car_id, site, dealership_id, status ON car_stock_figures
WHEN OLD.car_id IS NOT NEW.car_id OR OLD.site IS NOT NEW.site OR OLD.dealership_id IS NOT NEW.dealership_id OR OLD.status IS NOT NEW.status
BEGIN
  SELECT RAISE(ABORT, 'car_stock_figures: delete and insert a row to change its key or status (dealership_stock_totals)');
END;

-- A car's period counts added to (the consumer), written or taken away (the roll of a site to a new day): the change
-- is added to the totals of the car's dealership when the car is in stock, by the row's key. That row exists: the car's
-- figures row made it when it was written in stock (above), so these are plain UPDATEs, the consumer's hot path. A
-- count row's key is never updated (the consumer adds to its counts, the roll deletes and inserts): refused, as above.
CREATE TRIGGER dealership_stock_totals_counts_in AFTER INSERT ON car_period_counts
BEGIN
  UPDATE dealership_stock_totals SET
    views7 = views7 + NEW.views7, views30 = views30 + NEW.views30, views90 = views90 + NEW.views90,
    searches7 = searches7 + NEW.searches7, searches30 = searches30 + NEW.searches30,
    searches90 = searches90 + NEW.searches90, viewed7 = viewed7 + (NEW.views7 > 0),
    viewed30 = viewed30 + (NEW.views30 > 0), viewed90 = viewed90 + (NEW.views90 > 0)
  WHERE site = NEW.site AND dealership_id = (SELECT f.dealership_id FROM car_stock_figures f WHERE f.car_id = NEW.car_id AND f.site = NEW.site
    AND f.status IN ('in_stock', 'coming_soon'));
END;

CREATE TRIGGER dealership_stock_totals_counts_out AFTER DELETE ON car_period_counts
BEGIN
  UPDATE dealership_stock_totals SET
    views7 = views7 - OLD.views7, views30 = views30 - OLD.views30, views90 = views90 - OLD.views90,
    searches7 = searches7 - OLD.searches7, searches30 = searches30 - OLD.searches30,
    searches90 = searches90 - OLD.searches90, viewed7 = viewed7 - (OLD.views7 > 0),
    viewed30 = viewed30 - (OLD.views30 > 0), viewed90 = viewed90 - (OLD.views90 > 0)
  WHERE site = OLD.site AND dealership_id = (SELECT f.dealership_id FROM car_stock_figures f WHERE f.car_id = OLD.car_id AND f.site = OLD.site
    AND f.status IN ('in_stock', 'coming_soon'));
END;

CREATE TRIGGER dealership_stock_totals_counts_added AFTER UPDATE OF views7, views30, views90, searches7, searches30, searches90 ON car_period_counts
BEGIN
  UPDATE dealership_stock_totals SET
    views7 = views7 + NEW.views7 - OLD.views7, views30 = views30 + NEW.views30 - OLD.views30,
    views90 = views90 + NEW.views90 - OLD.views90, searches7 = searches7 + NEW.searches7 - OLD.searches7,
    searches30 = searches30 + NEW.searches30 - OLD.searches30,
    searches90 = searches90 + NEW.searches90 - OLD.searches90,
    viewed7 = viewed7 + (NEW.views7 > 0) - (OLD.views7 > 0),
    viewed30 = viewed30 + (NEW.views30 > 0) - (OLD.views30 > 0),
    viewed90 = viewed90 + (NEW.views90 > 0) - (OLD.views90 > 0)
  WHERE site = NEW.site AND dealership_id = (SELECT f.dealership_id FROM car_stock_figures f WHERE f.car_id = NEW.car_id AND f.site = NEW.site
    AND f.status IN ('in_stock', 'coming_soon'));
END;

CREATE TRIGGER dealership_stock_totals_counts_key BEFORE UPDATE OF site, car_id ON car_period_counts
WHEN OLD.site IS NOT NEW.site OR OLD.car_id IS NOT NEW.car_id
BEGIN
  SELECT RAISE(ABORT, 'car_period_counts: delete and insert a row to change its key (dealership_stock_totals)');
END;

INSERT INTO dealership_stock_totals
SELECT f.site, f.dealership_id, COUNT(*), coalesce(SUM(k.views7), 0), coalesce(SUM(k.views30), 0), coalesce(SUM(k.views90), 0),
  coalesce(SUM(k.searches7), 0), coalesce(SUM(k.searches30), 0), coalesce(SUM(k.searches90), 0),
  coalesce(SUM(k.views7 > 0), 0), coalesce(SUM(k.views30 > 0), 0), coalesce(SUM(k.views90 > 0), 0)
FROM car_stock_figures f LEFT JOIN car_period_counts k ON k.site = f.site AND k.car_id = f.car_id
WHERE f.status IN ('in_stock', 'coming_soon')
GROUP BY f.site, f.dealership_id;

-- The orders by page views and by search appearances (ADR 0106): each period's count of a car, highest first, ties in
-- listing order; only the cars with a count (the others follow in listing order, read from the stock's index).
CREATE INDEX car_period_counts_views7 ON car_period_counts(site, views7 DESC, car_id) WHERE views7 > 0;
CREATE INDEX car_period_counts_views30 ON car_period_counts(site, views30 DESC, car_id) WHERE views30 > 0;
CREATE INDEX car_period_counts_views90 ON car_period_counts(site, views90 DESC, car_id) WHERE views90 > 0;
CREATE INDEX car_period_counts_searches7 ON car_period_counts(site, searches7 DESC, car_id) WHERE searches7 > 0;
CREATE INDEX car_period_counts_searches30 ON car_period_counts(site, searches30 DESC, car_id) WHERE searches30 > 0;
CREATE INDEX car_period_counts_searches90 ON car_period_counts(site, searches90 DESC, car_id) WHERE searches90 > 0;
