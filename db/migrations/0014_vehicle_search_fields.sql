-- The vehicle index's fields of each vehicle (ADR 0034), kept beside its whole record so that loading a site's index
-- reads rows of about 700 characters instead of parsing every vehicle's JSON (about 5,000 characters) on each load:
-- D1 answered a 25,000-vehicle site's projection in 1.0-1.6 s of JSON work, the stored column in 0.15-0.2 s.
-- What it holds: the car fields from which the search record's searchable attributes, facets, ranking, sort and
-- filtered attributes are derived (mf-search/src/search-index/vehicle-records.ts; its test fails when the vehicle
-- index needs a field this does not hold: then a new migration redefines the triggers and rewrites the column).
-- `->` keeps JSON types (true stays true, not 1). Every writer of `data` keeps it current through the triggers.
ALTER TABLE vehicles ADD COLUMN search_fields TEXT;

CREATE TRIGGER vehicles_search_fields_on_insert AFTER INSERT ON vehicles
BEGIN
  UPDATE vehicles SET search_fields = json_object(
    'id', NEW.data -> '$.id', 'site', NEW.data -> '$.site', 'name', NEW.data -> '$.name',
    'year', NEW.data -> '$.year', 'make', NEW.data -> '$.make', 'model', NEW.data -> '$.model',
    'badge', NEW.data -> '$.badge', 'series', NEW.data -> '$.series', 'colour', NEW.data -> '$.colour',
    'stocknum', NEW.data -> '$.stocknum', 'price', NEW.data -> '$.price',
    'offer_price', NEW.data -> '$.offer_price', 'subscription_price', NEW.data -> '$.subscription_price',
    'km', NEW.data -> '$.km', 'seats', NEW.data -> '$.seats', 'status', NEW.data -> '$.status',
    'sold_date', NEW.data -> '$.sold_date', 'show_on_dealer_website', NEW.data -> '$.show_on_dealer_website',
    'car_type', NEW.data -> '$.car_type', 'tag', NEW.data -> '$.tag', 'certified', NEW.data -> '$.certified',
    'item_type', NEW.data -> '$.item_type', 'created_at', NEW.data -> '$.created_at',
    'simple_body', NEW.data -> '$.simple_body', 'simple_drive', NEW.data -> '$.simple_drive',
    'simple_fuel', NEW.data -> '$.simple_fuel', 'simple_transmission', NEW.data -> '$.simple_transmission',
    'dealership_id', NEW.data -> '$.dealership_id', 'dealership_slug', NEW.data -> '$.dealership_slug',
    'city', NEW.data -> '$.city', 'state', NEW.data -> '$.state',
    'location', json_object('name', NEW.data -> '$.location.name')
  )
  WHERE id = NEW.id;
END;

CREATE TRIGGER vehicles_search_fields_on_update AFTER UPDATE OF data ON vehicles
BEGIN
  UPDATE vehicles SET search_fields = json_object(
    'id', NEW.data -> '$.id', 'site', NEW.data -> '$.site', 'name', NEW.data -> '$.name',
    'year', NEW.data -> '$.year', 'make', NEW.data -> '$.make', 'model', NEW.data -> '$.model',
    'badge', NEW.data -> '$.badge', 'series', NEW.data -> '$.series', 'colour', NEW.data -> '$.colour',
    'stocknum', NEW.data -> '$.stocknum', 'price', NEW.data -> '$.price',
    'offer_price', NEW.data -> '$.offer_price', 'subscription_price', NEW.data -> '$.subscription_price',
    'km', NEW.data -> '$.km', 'seats', NEW.data -> '$.seats', 'status', NEW.data -> '$.status',
    'sold_date', NEW.data -> '$.sold_date', 'show_on_dealer_website', NEW.data -> '$.show_on_dealer_website',
    'car_type', NEW.data -> '$.car_type', 'tag', NEW.data -> '$.tag', 'certified', NEW.data -> '$.certified',
    'item_type', NEW.data -> '$.item_type', 'created_at', NEW.data -> '$.created_at',
    'simple_body', NEW.data -> '$.simple_body', 'simple_drive', NEW.data -> '$.simple_drive',
    'simple_fuel', NEW.data -> '$.simple_fuel', 'simple_transmission', NEW.data -> '$.simple_transmission',
    'dealership_id', NEW.data -> '$.dealership_id', 'dealership_slug', NEW.data -> '$.dealership_slug',
    'city', NEW.data -> '$.city', 'state', NEW.data -> '$.state',
    'location', json_object('name', NEW.data -> '$.location.name')
  )
  WHERE id = NEW.id;
END;

UPDATE vehicles SET search_fields = json_object(
  'id', data -> '$.id', 'site', data -> '$.site', 'name', data -> '$.name', 'year', data -> '$.year',
  'make', data -> '$.make', 'model', data -> '$.model', 'badge', data -> '$.badge',
  'series', data -> '$.series', 'colour', data -> '$.colour', 'stocknum', data -> '$.stocknum',
  'price', data -> '$.price', 'offer_price', data -> '$.offer_price',
  'subscription_price', data -> '$.subscription_price', 'km', data -> '$.km', 'seats', data -> '$.seats',
  'status', data -> '$.status', 'sold_date', data -> '$.sold_date',
  'show_on_dealer_website', data -> '$.show_on_dealer_website', 'car_type', data -> '$.car_type',
  'tag', data -> '$.tag', 'certified', data -> '$.certified', 'item_type', data -> '$.item_type',
  'created_at', data -> '$.created_at', 'simple_body', data -> '$.simple_body',
  'simple_drive', data -> '$.simple_drive', 'simple_fuel', data -> '$.simple_fuel',
  'simple_transmission', data -> '$.simple_transmission', 'dealership_id', data -> '$.dealership_id',
  'dealership_slug', data -> '$.dealership_slug', 'city', data -> '$.city', 'state', data -> '$.state',
  'location', json_object('name', data -> '$.location.name')
);
