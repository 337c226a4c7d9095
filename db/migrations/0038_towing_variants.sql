-- Can my car tow this van (issue 34, ADR 0068): the network's tow vehicles as distinct variants (make, model, year,
-- badge and braked towing capacity), kept by triggers on the stock so GET /api/towing/vehicles reads this small table,
-- never the 250,000 cars. It keeps no site, dealer, stock number or price. A variant once listed stays: it is a fact
-- about the model, not stock.
CREATE TABLE towing_variants (
  make TEXT NOT NULL,
  model TEXT NOT NULL,
  year INTEGER NOT NULL,
  badge TEXT NOT NULL DEFAULT '',
  braked_capacity_kg INTEGER NOT NULL,
  -- Lower-case "year make model badge", what a shopper's words are matched against.
  label TEXT NOT NULL,
  PRIMARY KEY (make, model, year, badge, braked_capacity_kg)
) WITHOUT ROWID;

-- NOT EXISTS, not INSERT OR IGNORE: a trigger's conflict clause gives way to the firing statement's, and the stock
-- writer's upsert (ON CONFLICT DO UPDATE) would turn a known variant into a UNIQUE failure of the whole batch.
CREATE TRIGGER vehicles_towing_variant_on_insert AFTER INSERT ON vehicles
WHEN CAST(json_extract(NEW.data, '$.variant.towingcapacitybraked') AS INTEGER) BETWEEN 1 AND 10000
BEGIN
  INSERT INTO towing_variants (make, model, year, badge, braked_capacity_kg, label)
  SELECT v.make, v.model, v.year, v.badge, v.capacity, lower(v.year || ' ' || v.make || ' ' || v.model || ' ' || v.badge)
  FROM (SELECT json_extract(NEW.data, '$.make') AS make, json_extract(NEW.data, '$.model') AS model,
               json_extract(NEW.data, '$.year') AS year, COALESCE(json_extract(NEW.data, '$.badge'), '') AS badge,
               CAST(json_extract(NEW.data, '$.variant.towingcapacitybraked') AS INTEGER) AS capacity) AS v
  WHERE NOT EXISTS (SELECT 1 FROM towing_variants t WHERE t.make = v.make AND t.model = v.model AND t.year = v.year
                    AND t.badge = v.badge AND t.braked_capacity_kg = v.capacity);
END;

CREATE TRIGGER vehicles_towing_variant_on_update AFTER UPDATE OF data ON vehicles
WHEN CAST(json_extract(NEW.data, '$.variant.towingcapacitybraked') AS INTEGER) BETWEEN 1 AND 10000
BEGIN
  INSERT INTO towing_variants (make, model, year, badge, braked_capacity_kg, label)
  SELECT v.make, v.model, v.year, v.badge, v.capacity, lower(v.year || ' ' || v.make || ' ' || v.model || ' ' || v.badge)
  FROM (SELECT json_extract(NEW.data, '$.make') AS make, json_extract(NEW.data, '$.model') AS model,
               json_extract(NEW.data, '$.year') AS year, COALESCE(json_extract(NEW.data, '$.badge'), '') AS badge,
               CAST(json_extract(NEW.data, '$.variant.towingcapacitybraked') AS INTEGER) AS capacity) AS v
  WHERE NOT EXISTS (SELECT 1 FROM towing_variants t WHERE t.make = v.make AND t.model = v.model AND t.year = v.year
                    AND t.badge = v.badge AND t.braked_capacity_kg = v.capacity);
END;

INSERT OR IGNORE INTO towing_variants (make, model, year, badge, braked_capacity_kg, label)
SELECT
  json_extract(data, '$.make'), json_extract(data, '$.model'), json_extract(data, '$.year'), COALESCE(json_extract(data, '$.badge'), ''),
  CAST(json_extract(data, '$.variant.towingcapacitybraked') AS INTEGER),
  lower(json_extract(data, '$.year') || ' ' || json_extract(data, '$.make') || ' ' || json_extract(data, '$.model') || ' ' || COALESCE(json_extract(data, '$.badge'), ''))
FROM vehicles
WHERE CAST(json_extract(data, '$.variant.towingcapacitybraked') AS INTEGER) BETWEEN 1 AND 10000;
