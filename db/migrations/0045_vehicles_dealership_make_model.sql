-- The dealer console's stock list (ADR 0078): a dealership's cars by make or by model, each in stock-number order, so
-- a search page reads one index range of at most a page of rows, whatever the stock's size (the stock number's own
-- order is the UNIQUE (dealership_id, stocknum) index).
CREATE INDEX vehicles_dealership_make ON vehicles(dealership_id, make COLLATE NOCASE, stocknum);
CREATE INDEX vehicles_dealership_model ON vehicles(dealership_id, model COLLATE NOCASE, stocknum);
