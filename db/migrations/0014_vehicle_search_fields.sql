-- The vehicle index's fields of each vehicle (ADR 0034), kept beside its whole record so that loading a site's index
-- reads rows of about 400 characters instead of parsing every vehicle's JSON (about 5,000 characters) on each load:
-- D1 answered a 25,000-vehicle site's projection in 1.0-1.6 s of JSON work, the stored column in 0.15-0.2 s.
-- What it holds, as an array in this order (no keys: half the bytes of an object): the car fields from which the
-- search record's searchable attributes, facets, ranking, sort and filtered attributes are derived, then the
-- location's name (STORED_FIELDS in mf-search/src/search-index/vehicle-records.ts; its test fails when the vehicle
-- index needs a field this does not hold: then a new migration redefines the triggers and rewrites the column).
-- `->` keeps JSON types (true stays true, not 1). Every writer of `data` keeps it current through the triggers.
ALTER TABLE vehicles ADD COLUMN search_fields TEXT;

CREATE TRIGGER vehicles_search_fields_on_insert AFTER INSERT ON vehicles
BEGIN
  UPDATE vehicles SET search_fields = json_array(
    NEW.data -> '$.id', NEW.data -> '$.site', NEW.data -> '$.name', NEW.data -> '$.year', NEW.data -> '$.make',
    NEW.data -> '$.model', NEW.data -> '$.badge', NEW.data -> '$.series', NEW.data -> '$.colour',
    NEW.data -> '$.stocknum', NEW.data -> '$.price', NEW.data -> '$.offer_price',
    NEW.data -> '$.subscription_price', NEW.data -> '$.km', NEW.data -> '$.seats', NEW.data -> '$.status',
    NEW.data -> '$.sold_date', NEW.data -> '$.show_on_dealer_website', NEW.data -> '$.car_type',
    NEW.data -> '$.tag', NEW.data -> '$.certified', NEW.data -> '$.item_type', NEW.data -> '$.created_at',
    NEW.data -> '$.simple_body', NEW.data -> '$.simple_drive', NEW.data -> '$.simple_fuel',
    NEW.data -> '$.simple_transmission', NEW.data -> '$.dealership_id', NEW.data -> '$.dealership_slug',
    NEW.data -> '$.city', NEW.data -> '$.state', json_object('name', NEW.data -> '$.location.name')
  )
  WHERE id = NEW.id;
END;

CREATE TRIGGER vehicles_search_fields_on_update AFTER UPDATE OF data ON vehicles
BEGIN
  UPDATE vehicles SET search_fields = json_array(
    NEW.data -> '$.id', NEW.data -> '$.site', NEW.data -> '$.name', NEW.data -> '$.year', NEW.data -> '$.make',
    NEW.data -> '$.model', NEW.data -> '$.badge', NEW.data -> '$.series', NEW.data -> '$.colour',
    NEW.data -> '$.stocknum', NEW.data -> '$.price', NEW.data -> '$.offer_price',
    NEW.data -> '$.subscription_price', NEW.data -> '$.km', NEW.data -> '$.seats', NEW.data -> '$.status',
    NEW.data -> '$.sold_date', NEW.data -> '$.show_on_dealer_website', NEW.data -> '$.car_type',
    NEW.data -> '$.tag', NEW.data -> '$.certified', NEW.data -> '$.item_type', NEW.data -> '$.created_at',
    NEW.data -> '$.simple_body', NEW.data -> '$.simple_drive', NEW.data -> '$.simple_fuel',
    NEW.data -> '$.simple_transmission', NEW.data -> '$.dealership_id', NEW.data -> '$.dealership_slug',
    NEW.data -> '$.city', NEW.data -> '$.state', json_object('name', NEW.data -> '$.location.name')
  )
  WHERE id = NEW.id;
END;

UPDATE vehicles SET search_fields = json_array(
  data -> '$.id', data -> '$.site', data -> '$.name', data -> '$.year', data -> '$.make', data -> '$.model',
  data -> '$.badge', data -> '$.series', data -> '$.colour', data -> '$.stocknum', data -> '$.price',
  data -> '$.offer_price', data -> '$.subscription_price', data -> '$.km', data -> '$.seats', data -> '$.status',
  data -> '$.sold_date', data -> '$.show_on_dealer_website', data -> '$.car_type', data -> '$.tag',
  data -> '$.certified', data -> '$.item_type', data -> '$.created_at', data -> '$.simple_body',
  data -> '$.simple_drive', data -> '$.simple_fuel', data -> '$.simple_transmission', data -> '$.dealership_id',
  data -> '$.dealership_slug', data -> '$.city', data -> '$.state',
  json_object('name', data -> '$.location.name')
);
