-- Reserve and buy online (ADR 0019, 0020). A reservation holds one car while it awaits payment and, once
-- paid, for 48 hours. `holding` is 1 while it holds the car and NULL after: the partial unique index lets
-- exactly one reservation hold a car, so two shoppers racing for it meet in SQLite and one insert wins.
CREATE TABLE reservations (
  id INTEGER PRIMARY KEY,
  -- Random handle the shopper's pages and the processor's session carry (never the row id).
  token TEXT NOT NULL UNIQUE,
  site TEXT NOT NULL REFERENCES sites(slug) ON DELETE CASCADE,
  car_id INTEGER NOT NULL,
  dealership_id INTEGER NOT NULL,
  amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
  state TEXT NOT NULL CHECK (state IN ('awaiting_payment', 'paid', 'expired', 'released')),
  holding INTEGER CHECK (holding = 1),
  -- The shopper's details as JSON (name, email, phone, postcode, opt_in).
  customer TEXT NOT NULL,
  processor TEXT NOT NULL,
  payment_session TEXT,
  -- Where the shopper pays (the processor's hosted page), so a retried submit is sent to the same page.
  payment_url TEXT,
  idempotency_key TEXT,
  request_hash TEXT NOT NULL,
  created_at TEXT NOT NULL,
  -- Awaiting payment: when the unpaid hold lapses; paid: created + 48 hours of hold.
  hold_until TEXT NOT NULL,
  paid_at TEXT,
  released_at TEXT,
  lead_id INTEGER
);
CREATE UNIQUE INDEX reservations_one_hold_per_car ON reservations(site, car_id) WHERE holding = 1;
CREATE UNIQUE INDEX reservations_idempotency ON reservations(site, idempotency_key);
CREATE INDEX reservations_due ON reservations(holding, hold_until);

-- Each processor event is acted on once: a redelivered webhook finds its id here and changes nothing.
CREATE TABLE payment_events (
  processor TEXT NOT NULL,
  event_id TEXT NOT NULL,
  type TEXT NOT NULL,
  reservation_token TEXT,
  received_at TEXT NOT NULL,
  PRIMARY KEY (processor, event_id)
);

-- The local test processor's own records: its hosted payment sessions and the charges it made.
CREATE TABLE test_payment_sessions (
  id TEXT PRIMARY KEY,
  site TEXT NOT NULL,
  reservation_token TEXT NOT NULL,
  amount_cents INTEGER NOT NULL,
  description TEXT NOT NULL,
  success_url TEXT NOT NULL,
  cancel_url TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('open', 'paid')),
  declines INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  paid_at TEXT
);
