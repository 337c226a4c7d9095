-- Each change of a car's asking price (ADR 0073), for insights: how many times and when a car's price changed, and
-- its last change. Written by a trigger on the stock write path, so every writer (the stock API, feeds, the photo
-- refresh) records one without knowing of it, and a write that leaves the price as it was records nothing. The first
-- price a car is listed at is no change. Read per site by /dealer/insights (a car's changes, the period's count).
CREATE TABLE car_price_changes (
  site TEXT NOT NULL,
  car_id INTEGER NOT NULL,
  old_price REAL,
  new_price REAL,
  changed_at TEXT NOT NULL
);
CREATE INDEX car_price_changes_site_car ON car_price_changes(site, car_id, changed_at);

CREATE TRIGGER car_price_changes_on_update AFTER UPDATE OF data ON vehicles
WHEN json_extract(NEW.data, '$.price') IS NOT json_extract(OLD.data, '$.price')
BEGIN
  INSERT INTO car_price_changes (site, car_id, old_price, new_price, changed_at)
  VALUES (NEW.site, NEW.id, json_extract(OLD.data, '$.price'), json_extract(NEW.data, '$.price'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
END;
