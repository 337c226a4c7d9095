-- Insights kept fresh off the page's path (issue 31, ADR 0111): a site's period counts summed again from
-- car_daily_counts (a new site, a seeded one, or one whose counts are 90 days or more behind) go car range by car
-- range, one short D1 batch each, by the insights queue's consumer. While that runs, `day` is the day being summed
-- to and `next_car` the first car id not yet summed: cars below it are at `day`, the others are summed by a later
-- batch (the consumer adds a new count only to cars below it). NULL: every car of the site is at `day`.
ALTER TABLE car_period_count_days ADD COLUMN next_car INTEGER;
