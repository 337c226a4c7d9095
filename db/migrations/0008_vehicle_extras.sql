-- Vehicle page extras (issue 10): each dealership's delivery price table for the delivery cost calculator.
-- A row prices delivery to the postcodes postcode_from..postcode_to (4-digit, inclusive) under a region name;
-- the narrowest range holding a postcode wins, so a metro range can sit inside its state's range.
CREATE TABLE delivery_regions (
  dealership_id INTEGER NOT NULL REFERENCES dealerships(id) ON DELETE CASCADE,
  region TEXT NOT NULL,
  postcode_from INTEGER NOT NULL CHECK (postcode_from BETWEEN 0 AND 9999),
  postcode_to INTEGER NOT NULL CHECK (postcode_to BETWEEN postcode_from AND 9999),
  price REAL NOT NULL CHECK (price >= 0),
  PRIMARY KEY (dealership_id, region)
);
CREATE INDEX delivery_regions_lookup ON delivery_regions(dealership_id, postcode_from, postcode_to);
