-- Which cars a photo's settling may change (issue 30, ADR 0119's addendum): each car's dealer photos not yet ready
-- (pending or failed) and its interior panorama's source, by the site and the dealer's URL. The photo consumer reads
-- the cars of the URLs it settled from here by key, where it read every car's JSON of the site (a scan that grew with
-- the site: 90-200 ms for 2,300 cars, on every batch of photos). Kept by triggers, so every writer of a car keeps it.
CREATE TABLE cars_by_unsettled_photo (
  site TEXT NOT NULL,
  source TEXT NOT NULL,
  car_id INTEGER NOT NULL,
  PRIMARY KEY (site, source, car_id)
) WITHOUT ROWID;
CREATE INDEX cars_by_unsettled_photo_car ON cars_by_unsettled_photo (car_id);

-- No OR IGNORE inside a trigger (migration 0044): UNION keeps a source once a car, and a car's rows go before its new ones.
CREATE TRIGGER cars_by_unsettled_photo_on_insert AFTER INSERT ON vehicles
BEGIN
  INSERT INTO cars_by_unsettled_photo (site, source, car_id)
  SELECT NEW.site, source, NEW.id FROM (
    SELECT j.value ->> '$.photo.source' AS source FROM json_each(NEW.data, '$.images') j WHERE j.value ->> '$.photo.status' IS NOT 'ready'
    UNION SELECT NEW.data ->> '$.spin_interior_source'
  ) WHERE source IS NOT NULL;
END;

CREATE TRIGGER cars_by_unsettled_photo_on_update AFTER UPDATE OF data ON vehicles
BEGIN
  DELETE FROM cars_by_unsettled_photo WHERE car_id = OLD.id;
  INSERT INTO cars_by_unsettled_photo (site, source, car_id)
  SELECT NEW.site, source, NEW.id FROM (
    SELECT j.value ->> '$.photo.source' AS source FROM json_each(NEW.data, '$.images') j WHERE j.value ->> '$.photo.status' IS NOT 'ready'
    UNION SELECT NEW.data ->> '$.spin_interior_source'
  ) WHERE source IS NOT NULL;
END;

CREATE TRIGGER cars_by_unsettled_photo_on_delete AFTER DELETE ON vehicles
BEGIN
  DELETE FROM cars_by_unsettled_photo WHERE car_id = OLD.id;
END;

INSERT INTO cars_by_unsettled_photo (site, source, car_id)
SELECT DISTINCT v.site, s.source, v.id FROM vehicles v JOIN (
  SELECT v2.id, j.value ->> '$.photo.source' AS source FROM vehicles v2, json_each(v2.data, '$.images') j WHERE j.value ->> '$.photo.status' IS NOT 'ready'
  UNION SELECT id, data ->> '$.spin_interior_source' FROM vehicles
) s ON s.id = v.id WHERE s.source IS NOT NULL;
