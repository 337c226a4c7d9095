-- Each car's views and search appearances over the insights periods (issue 31, ADR 0096), so a view reads one row per
-- car instead of summing car_daily_counts: with real traffic a 25,000-car site has a row per car and day (every search
-- page shows 24 cars), up to 2 million rows for 90 days.
--
-- A site's rows are as of one UTC day, its row in car_period_count_days: each column is the sum of car_daily_counts'
-- rows from the period's first day (that day less 6, 29 or 89 days) on, as the page's own sums are. The queue's
-- consumer adds each batch to them in the same D1 batch as car_daily_counts (shared/src/insights); whoever needs a
-- site at another day (the first view or CSV of a day) sums every car of the site again from car_daily_counts. No
-- backfill: a site without a day is summed by its first view.
CREATE TABLE car_period_counts (
  site TEXT NOT NULL,
  car_id INTEGER NOT NULL,
  views7 INTEGER NOT NULL,
  views30 INTEGER NOT NULL,
  views90 INTEGER NOT NULL,
  searches7 INTEGER NOT NULL,
  searches30 INTEGER NOT NULL,
  searches90 INTEGER NOT NULL,
  PRIMARY KEY (site, car_id)
);

CREATE TABLE car_period_count_days (
  site TEXT PRIMARY KEY,
  day TEXT NOT NULL
);

-- Each car's name (the record's `name`) in car_stock_figures too: the CSV writes every car of the scope, and reading
-- each car's ~5 KB record for its name was most of its time (21,622 records for the largest group at 250,000 vehicles).
-- The column is added at the end of the table and of the view that states a car's figures, so migration 0054's
-- triggers (`INSERT … SELECT *` from the view, resolved when they run) write it as they are.
ALTER TABLE car_stock_figures ADD COLUMN name TEXT;
DROP VIEW car_stock_figures_of_vehicles;
CREATE VIEW car_stock_figures_of_vehicles AS
SELECT id AS car_id, site, dealership_id, status, json_extract(data, '$.created_at') AS listed_at, sold_date,
  max(coalesce(json_array_length(data, '$.images'), 0), coalesce(json_extract(data, '$.photos_count'), 0)) AS photos,
  lower(trim(make)) AS make, lower(trim(model)) AS model, year, km, price, json_extract(data, '$.name') AS name
FROM vehicles;
UPDATE car_stock_figures SET name = (SELECT json_extract(v.data, '$.name') FROM vehicles v WHERE v.id = car_stock_figures.car_id);
