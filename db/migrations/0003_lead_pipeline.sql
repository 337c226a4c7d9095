-- Lead pipeline (issue 11): idempotent storage, delivery to each destination a dealership configures,
-- a local e-mail outbox and a per-client rate limit. leads.delivery_status: 'pending' until every
-- destination took the lead, 'delivered', or 'failed' once the queue gave up (dead-lettered).

-- Same (site, Idempotency-Key) -> the same lead; request_hash tells a retry from a reused key.
ALTER TABLE leads ADD COLUMN idempotency_key TEXT;
ALTER TABLE leads ADD COLUMN request_hash TEXT;
-- Set once the lead is on the queue; the scheduled sweep re-queues pending leads where it is missing or old.
ALTER TABLE leads ADD COLUMN queued_at TEXT;
ALTER TABLE leads ADD COLUMN delivered_at TEXT;
ALTER TABLE leads ADD COLUMN last_error TEXT;
CREATE UNIQUE INDEX leads_idempotency ON leads(site, idempotency_key);
-- A test drive's booked start (UTC ISO); one booking per dealership and time.
ALTER TABLE leads ADD COLUMN booking TEXT;
CREATE UNIQUE INDEX leads_booking ON leads(dealership_id, booking);

-- Where a dealership's leads go besides the local outbox; dealership_id NULL means every lead of the site.
CREATE TABLE lead_destinations (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  site TEXT NOT NULL,
  dealership_id INTEGER,
  kind TEXT NOT NULL CHECK (kind IN ('webhook', 'email')),
  target TEXT NOT NULL,
  format TEXT NOT NULL DEFAULT 'json' CHECK (format IN ('json', 'adf')),
  secret TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX lead_destinations_site ON lead_destinations(site, dealership_id);

-- One row per lead and destination: the delivery log (attempts, state, last error).
CREATE TABLE lead_deliveries (
  lead_id INTEGER NOT NULL,
  destination TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (lead_id, destination)
);

-- The e-mail a dealership receives for each lead; locally the mail itself (no account needed).
CREATE TABLE lead_outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  lead_id INTEGER NOT NULL,
  site TEXT NOT NULL,
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (lead_id, recipient)
);

-- Fixed-window counters for POST /api/leads per client and site.
CREATE TABLE lead_rate_limits (
  client TEXT NOT NULL,
  window_start INTEGER NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (client, window_start)
);
