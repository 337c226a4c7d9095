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
