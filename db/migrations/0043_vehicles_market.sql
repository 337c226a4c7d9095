-- The insights page's market (issue 31, ADR 0070): every in-stock car on the platform of the makes and models a site
-- sells. Without this the query read the whole vehicles table (each row's JSON too); with it each model is one range
-- of this index, which holds every column the query reads. The expressions are the page's own, so SQLite uses it.
CREATE INDEX vehicles_market ON vehicles(lower(trim(make)), lower(trim(model)), status, year, km, price);
