-- A card payment that arrives after its unpaid hold lapsed is refunded by the processor (ADR 0027): the
-- reservation keeps the processor's refund id and when it was made, and the confirmation page says so.
ALTER TABLE reservations ADD COLUMN refund_id TEXT;
ALTER TABLE reservations ADD COLUMN refunded_at TEXT;
-- The local test processor records the refunds it makes, as a real processor's dashboard would.
ALTER TABLE test_payment_sessions ADD COLUMN refund_id TEXT;
ALTER TABLE test_payment_sessions ADD COLUMN refunded_at TEXT;

-- Alerts by e-mail (ADR 0027): an account's e-mail counts only once verified with a code sent to it
-- (users.email, from 0004, is set then). One pending verification per account; only an HMAC of its code is kept.
ALTER TABLE users ADD COLUMN email_verified_at TEXT;
CREATE TABLE email_verifications (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  expires_at INTEGER NOT NULL
);

-- The mail the platform sent shoppers when no send_email binding is configured (local development and tests).
CREATE TABLE email_outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  site TEXT NOT NULL,
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX email_outbox_recipient ON email_outbox(site, recipient, id);

-- Alerts go by the channel the shopper chose. Widening the CHECK means rebuilding the table; the triggers of
-- 0004 name it, so they are dropped first and created again unchanged.
DROP TRIGGER watch_alerts_on_price_drop;
DROP TRIGGER watch_alerts_on_sold;
CREATE TABLE alert_subscriptions_by_channel (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  channel TEXT NOT NULL CHECK (channel IN ('sms', 'email')),
  consent_text TEXT NOT NULL,
  consented_at TEXT NOT NULL,
  origin TEXT NOT NULL,
  unsubscribe_token TEXT NOT NULL UNIQUE,
  unsubscribed_at TEXT
);
INSERT INTO alert_subscriptions_by_channel (user_id, channel, consent_text, consented_at, origin, unsubscribe_token, unsubscribed_at)
  SELECT user_id, channel, consent_text, consented_at, origin, unsubscribe_token, unsubscribed_at FROM alert_subscriptions;
DROP TABLE alert_subscriptions;
ALTER TABLE alert_subscriptions_by_channel RENAME TO alert_subscriptions;

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
