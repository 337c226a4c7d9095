-- Instant-message chat from the vehicle page (issue 23, ADR 0049). A conversation is one lead of kind 'chat'
-- (its dealership, car, customer, consent and delivery live there), so it is in the dealer's inbox and never lost;
-- these tables hold the shopper's key to it and the messages both sides wrote.

-- The shopper's browser holds a random token in the __Host-chat cookie; only its SHA-256 is stored.
CREATE TABLE chat_conversations (
  lead_id INTEGER PRIMARY KEY REFERENCES leads(id) ON DELETE CASCADE,
  site TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL
);

-- author: 'shopper' or 'dealer'; a dealer's message names the staff member (or key) who wrote it and how the
-- shopper was told about it (the receipt channels: e-mail, SMS), or why that failed.
CREATE TABLE chat_messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  lead_id INTEGER NOT NULL REFERENCES chat_conversations(lead_id) ON DELETE CASCADE,
  author TEXT NOT NULL CHECK (author IN ('shopper', 'dealer')),
  author_name TEXT,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL,
  notified TEXT
);
CREATE INDEX chat_messages_lead ON chat_messages(lead_id, id);
