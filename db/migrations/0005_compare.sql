-- View counter of the vehicle page (GET /cars/{slug}/view.json, ADR 0018): one row per viewed car, counted
-- atomically (a KV read-modify-write would lose concurrent views and meets KV's one-write-per-second-per-key limit).
-- `views` starts from the feed's own count of the car.
CREATE TABLE vehicle_views (
  site TEXT NOT NULL,
  vehicle_id INTEGER NOT NULL,
  views INTEGER NOT NULL,
  PRIMARY KEY (site, vehicle_id)
);
