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

CREATE TRIGGER vehicles_towing_variant_on_insert AFTER INSERT ON vehicles
WHEN CAST(json_extract(NEW.data, '$.variant.towingcapacitybraked') AS INTEGER) BETWEEN 1 AND 10000
BEGIN
  INSERT OR IGNORE INTO towing_variants (make, model, year, badge, braked_capacity_kg, label)
  VALUES (
    json_extract(NEW.data, '$.make'), json_extract(NEW.data, '$.model'), json_extract(NEW.data, '$.year'),
    COALESCE(json_extract(NEW.data, '$.badge'), ''), CAST(json_extract(NEW.data, '$.variant.towingcapacitybraked') AS INTEGER),
    lower(json_extract(NEW.data, '$.year') || ' ' || json_extract(NEW.data, '$.make') || ' ' || json_extract(NEW.data, '$.model') || ' ' || COALESCE(json_extract(NEW.data, '$.badge'), ''))
  );
END;

CREATE TRIGGER vehicles_towing_variant_on_update AFTER UPDATE OF data ON vehicles
WHEN CAST(json_extract(NEW.data, '$.variant.towingcapacitybraked') AS INTEGER) BETWEEN 1 AND 10000
BEGIN
  INSERT OR IGNORE INTO towing_variants (make, model, year, badge, braked_capacity_kg, label)
  VALUES (
    json_extract(NEW.data, '$.make'), json_extract(NEW.data, '$.model'), json_extract(NEW.data, '$.year'),
    COALESCE(json_extract(NEW.data, '$.badge'), ''), CAST(json_extract(NEW.data, '$.variant.towingcapacitybraked') AS INTEGER),
    lower(json_extract(NEW.data, '$.year') || ' ' || json_extract(NEW.data, '$.make') || ' ' || json_extract(NEW.data, '$.model') || ' ' || COALESCE(json_extract(NEW.data, '$.badge'), ''))
  );
END;

INSERT OR IGNORE INTO towing_variants (make, model, year, badge, braked_capacity_kg, label)
SELECT
  json_extract(data, '$.make'), json_extract(data, '$.model'), json_extract(data, '$.year'), COALESCE(json_extract(data, '$.badge'), ''),
  CAST(json_extract(data, '$.variant.towingcapacitybraked') AS INTEGER),
  lower(json_extract(data, '$.year') || ' ' || json_extract(data, '$.make') || ' ' || json_extract(data, '$.model') || ' ' || COALESCE(json_extract(data, '$.badge'), ''))
FROM vehicles
WHERE CAST(json_extract(data, '$.variant.towingcapacitybraked') AS INTEGER) BETWEEN 1 AND 10000;
