-- "Suits my tow vehicle" (issue 34, ADR 0079): the search record carries a van's ATM (`atm`, from
-- caravan_specifications.aggregate_trailer_mass), and the embedded engine's compact records are derived from
-- search_fields, so the column gains the van's caravan specifications (its ATM only; null for a car without one) at its
-- end. STORED_FIELDS in mf-search/src/search-index/vehicle-records.ts names them in this order.
DROP TRIGGER vehicles_search_fields_on_insert;
DROP TRIGGER vehicles_search_fields_on_update;

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
    NEW.data -> '$.city', NEW.data -> '$.state', json_object('name', NEW.data -> '$.location.name'),
    NEW.data -> '$.before_price', NEW.data -> '$.preorder', NEW.data -> '$.youxQuote',
    (SELECT json_group_object(key, json_remove(value, '$.disclaimer')) FROM json_each(NEW.data, '$.finance_lenders')),
    NEW.data -> '$.drive', NEW.data -> '$.fuel',
    IIF(NEW.data ->> '$.caravan_specifications.aggregate_trailer_mass' IS NULL, NULL,
        json_object('aggregate_trailer_mass', NEW.data -> '$.caravan_specifications.aggregate_trailer_mass'))
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
    NEW.data -> '$.city', NEW.data -> '$.state', json_object('name', NEW.data -> '$.location.name'),
    NEW.data -> '$.before_price', NEW.data -> '$.preorder', NEW.data -> '$.youxQuote',
    (SELECT json_group_object(key, json_remove(value, '$.disclaimer')) FROM json_each(NEW.data, '$.finance_lenders')),
    NEW.data -> '$.drive', NEW.data -> '$.fuel',
    IIF(NEW.data ->> '$.caravan_specifications.aggregate_trailer_mass' IS NULL, NULL,
        json_object('aggregate_trailer_mass', NEW.data -> '$.caravan_specifications.aggregate_trailer_mass'))
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
  json_object('name', data -> '$.location.name'),
  data -> '$.before_price', data -> '$.preorder', data -> '$.youxQuote',
  (SELECT json_group_object(key, json_remove(value, '$.disclaimer')) FROM json_each(data, '$.finance_lenders')),
  data -> '$.drive', data -> '$.fuel',
    IIF(data ->> '$.caravan_specifications.aggregate_trailer_mass' IS NULL, NULL,
        json_object('aggregate_trailer_mass', data -> '$.caravan_specifications.aggregate_trailer_mass'))
);

-- A signed-in shopper's postcode (issue 34, ADR 0079): kept with their account on this site (accounts are per site),
-- set from the car page's drive-away panel, and prefilling that panel on any device they sign in on. Null until set.
ALTER TABLE users ADD COLUMN postcode TEXT;
