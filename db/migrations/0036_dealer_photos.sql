-- A dealer's own photos (issue 30, ADR 0067). `photos`: what the platform knows of each photo URL a site's feed named:
-- pending (queued for the fetch), ready (the copy in R2 under photos/{site}/{hash}, its size and dominant colour) or
-- failed (the reason, retried with backoff). One row per site and URL: the same URL in two cars is fetched once.
CREATE TABLE photos (
  site TEXT NOT NULL,
  url TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'ready', 'failed')),
  hash TEXT,
  width INTEGER,
  height INTEGER,
  colour TEXT,
  reason TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (site, url)
);

-- A car whose photo list changed while its new photos are being fetched keeps its old ones (issue 30): the new list
-- waits here until every one of its URLs is ready or has failed, then replaces them.
CREATE TABLE photo_waits (
  dealership_id INTEGER NOT NULL,
  stocknum TEXT NOT NULL,
  site TEXT NOT NULL,
  urls TEXT NOT NULL,
  PRIMARY KEY (dealership_id, stocknum)
);
CREATE INDEX photo_waits_site ON photo_waits (site);

-- A feed report per batch (GET /api/stock/batches/{id}): each record's photo URLs in order, their outcome read from
-- `photos` when asked.
CREATE TABLE feed_batches (
  id TEXT PRIMARY KEY,
  site TEXT NOT NULL,
  dealership_id INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE feed_batch_photos (
  batch_id TEXT NOT NULL REFERENCES feed_batches (id) ON DELETE CASCADE,
  stocknum TEXT NOT NULL,
  position INTEGER NOT NULL,
  url TEXT NOT NULL,
  PRIMARY KEY (batch_id, stocknum, position)
);
