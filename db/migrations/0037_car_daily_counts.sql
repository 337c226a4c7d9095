-- How shoppers meet each car (ADR 0070): page views and search appearances per car and UTC day, added up from the
-- insights queue's batches by the console's Worker (never one write per view). Read by /dealer/insights.
CREATE TABLE car_daily_counts (
  site TEXT NOT NULL,
  car_id INTEGER NOT NULL,
  day TEXT NOT NULL,
  views INTEGER NOT NULL DEFAULT 0,
  search_appearances INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (site, car_id, day)
);
CREATE INDEX car_daily_counts_site_day ON car_daily_counts(site, day);
