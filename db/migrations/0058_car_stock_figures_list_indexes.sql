-- The insights page's list counts and sorted pages by index (issue 31, ADR 0103). A car's listing time as a Julian
-- day (`julianday(listed_at)`, the value the page's days in stock subtract from): the text itself does not order
-- exactly (offsets, formats), the number does, so "in stock over 60 days" is a range of an index (`listed_jd <
-- julianday(now) - 60`) whatever today is. Kept like every column: 0054's triggers write the view's row with
-- `SELECT *`, so the view below gains it at the end, as the table does.
ALTER TABLE car_stock_figures ADD COLUMN listed_jd REAL;
DROP VIEW car_stock_figures_of_vehicles;
CREATE VIEW car_stock_figures_of_vehicles AS
SELECT id AS car_id, site, dealership_id, status, json_extract(data, '$.created_at') AS listed_at, sold_date,
  max(coalesce(json_array_length(data, '$.images'), 0), coalesce(json_extract(data, '$.photos_count'), 0)) AS photos,
  lower(trim(make)) AS make, lower(trim(model)) AS model, year, km, price, json_extract(data, '$.name') AS name, NULL AS median,
  julianday(json_extract(data, '$.created_at')) AS listed_jd
FROM vehicles;
UPDATE car_stock_figures SET listed_jd = julianday(listed_at);

-- Each index holds only the cars in stock (the page's scope; a status IN on an index's leading column would make
-- SQLite sort), one for the whole group (site, …) and one for a dealership (site, dealership_id, …), each ending in
-- the car's id (the rowid) so ties come in listing order, as the page orders them. The status and the columns a
-- list's rule reads are at the end so that a count reads the index alone (covering).
-- Listing order (the table's default order and each list's first cars).
CREATE INDEX car_stock_figures_stock ON car_stock_figures(site) WHERE status IN ('in_stock', 'coming_soon');
CREATE INDEX car_stock_figures_stock_dealership ON car_stock_figures(site, dealership_id) WHERE status IN ('in_stock', 'coming_soon');
-- Aged (a range of listed_jd for the cars without a sale date) and longest in stock.
CREATE INDEX car_stock_figures_listed ON car_stock_figures(site, listed_jd, sold_date, dealership_id, status) WHERE status IN ('in_stock', 'coming_soon');
CREATE INDEX car_stock_figures_listed_dealership ON car_stock_figures(site, dealership_id, listed_jd, sold_date, status) WHERE status IN ('in_stock', 'coming_soon');
-- The few cars in stock with a sale date: their days end at it, not today, so they are counted apart.
CREATE INDEX car_stock_figures_sold ON car_stock_figures(site, dealership_id, status, listed_jd, sold_date) WHERE status IN ('in_stock', 'coming_soon') AND sold_date <> '';
-- Fewer than 10 photos and fewest photos first.
CREATE INDEX car_stock_figures_photos ON car_stock_figures(site, photos, dealership_id, status) WHERE status IN ('in_stock', 'coming_soon');
CREATE INDEX car_stock_figures_photos_dealership ON car_stock_figures(site, dealership_id, photos, status) WHERE status IN ('in_stock', 'coming_soon');
-- Highest against the market: the position's own expression (mf-dealer/src/insights-data.ts), over the cars with a median.
CREATE INDEX car_stock_figures_position ON car_stock_figures(site, ((price - median) / median) DESC)
  WHERE status IN ('in_stock', 'coming_soon') AND median IS NOT NULL;
CREATE INDEX car_stock_figures_position_dealership ON car_stock_figures(site, dealership_id, ((price - median) / median) DESC)
  WHERE status IN ('in_stock', 'coming_soon') AND median IS NOT NULL;
-- Well above the market: the list's own condition (WELL_ABOVE_MARKET, 0.1), so its count is a range of this index.
CREATE INDEX car_stock_figures_well_above ON car_stock_figures(site, dealership_id, status, price, median)
  WHERE status IN ('in_stock', 'coming_soon') AND median IS NOT NULL AND price - median > median * 0.1;
