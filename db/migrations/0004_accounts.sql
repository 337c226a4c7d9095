-- Shopper accounts (issue 14, ADR 0016): an account is a phone number on one site (users, from 0001);
-- sign-in by a one-time code sent by SMS; sessions behind a __Host- cookie; saved searches.
ALTER TABLE users ADD COLUMN name TEXT;
ALTER TABLE users ADD COLUMN email TEXT;

-- One-time sign-in codes: only an HMAC of the code is kept; a code dies when used, expired or out of attempts.
CREATE TABLE auth_codes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  site TEXT NOT NULL,
  phone TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX auth_codes_phone ON auth_codes(site, phone, id);

-- Sessions: the cookie carries a random token, the table its SHA-256; a session belongs to one site.
CREATE TABLE auth_sessions (
  token_hash TEXT PRIMARY KEY,
  site TEXT NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX auth_sessions_user ON auth_sessions(user_id);

-- The text messages the platform sent when no SMS provider is configured (local development and tests).
CREATE TABLE sms_outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  site TEXT NOT NULL,
  recipient TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX sms_outbox_recipient ON sms_outbox(site, recipient, id);

-- A search the shopper saved from /search: its query string, shown in My garage.
CREATE TABLE saved_searches (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  query TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (user_id, query)
);

-- Price-drop and sold alerts for watchlisted cars (opt-in): the consent as given, where the shopper gave it
-- (the links in a text go back to that host) and the token of the one-tap unsubscribe link.
CREATE TABLE alert_subscriptions (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  channel TEXT NOT NULL CHECK (channel IN ('sms')),
  consent_text TEXT NOT NULL,
  consented_at TEXT NOT NULL,
  origin TEXT NOT NULL,
  unsubscribe_token TEXT NOT NULL UNIQUE,
  unsubscribed_at TEXT
);

-- One row per alert due: written by the database itself whenever a stock write lowers a watched car's price
-- or marks it sold (any write path: the stock API, the search API's batch, the import CLI), sent by mf-forms.
CREATE TABLE watch_alerts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id TEXT NOT NULL,
  car_id INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('price_drop', 'sold')),
  old_price REAL,
  new_price REAL,
  created_at TEXT NOT NULL,
  sent_at TEXT
);
CREATE INDEX watch_alerts_pending ON watch_alerts(sent_at);

CREATE TRIGGER watch_alerts_on_price_drop AFTER UPDATE OF data ON vehicles
WHEN coalesce(json_extract(NEW.data, '$.offer_price'), json_extract(NEW.data, '$.price')) < coalesce(json_extract(OLD.data, '$.offer_price'), json_extract(OLD.data, '$.price'))
  AND NEW.status = 'in_stock'
BEGIN
  INSERT INTO watch_alerts (user_id, car_id, kind, old_price, new_price, created_at)
  SELECT w.user_id, NEW.id, 'price_drop', coalesce(json_extract(OLD.data, '$.offer_price'), json_extract(OLD.data, '$.price')),
    coalesce(json_extract(NEW.data, '$.offer_price'), json_extract(NEW.data, '$.price')), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM watchlist_entries w JOIN alert_subscriptions a ON a.user_id = w.user_id AND a.unsubscribed_at IS NULL
  WHERE w.car_id = NEW.id;
END;

CREATE TRIGGER watch_alerts_on_sold AFTER UPDATE OF status ON vehicles
WHEN NEW.status = 'sold' AND OLD.status != 'sold'
BEGIN
  INSERT INTO watch_alerts (user_id, car_id, kind, created_at)
  SELECT w.user_id, NEW.id, 'sold', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM watchlist_entries w JOIN alert_subscriptions a ON a.user_id = w.user_id AND a.unsubscribed_at IS NULL
  WHERE w.car_id = NEW.id;
END;
