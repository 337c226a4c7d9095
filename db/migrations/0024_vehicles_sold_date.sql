-- The sales counter counts a site's cars sold today from their sold dates (ADR 0041): a range read on this index,
-- whatever the size of the stock (250,000 vehicles), instead of a scan of the site's rows. Only sold cars have a
-- sold_date, so the partial index holds just them.
CREATE INDEX vehicles_site_sold_date ON vehicles(site, sold_date) WHERE sold_date IS NOT NULL;
