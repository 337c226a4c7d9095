-- Issue 23 (ADR 0040): /online-payment takes a signed-in shopper's deposit or payment for a reservation or a
-- service invoice through the dealer's card processor, the same adapter and webhook as reservations (ADR 0019).
CREATE TABLE online_payments (
  id INTEGER PRIMARY KEY,
  -- Random handle the receipt page and the processor's session carry ('op_' + hex; never the row id).
  token TEXT NOT NULL UNIQUE,
  site TEXT NOT NULL REFERENCES sites(slug) ON DELETE CASCADE,
  user_id TEXT NOT NULL,
  purpose TEXT NOT NULL CHECK (purpose IN ('reservation', 'service_invoice')),
  -- The reservation's token, or the dealer's invoice number as the shopper typed it.
  reference TEXT NOT NULL,
  -- The dealership paid: the reservation car's (its own processor account may apply), null for an invoice.
  dealership_slug TEXT,
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  state TEXT NOT NULL CHECK (state IN ('awaiting_payment', 'paid')),
  processor TEXT NOT NULL,
  processor_account TEXT,
  payment_session TEXT,
  payment_url TEXT,
  created_at TEXT NOT NULL,
  paid_at TEXT
);
CREATE INDEX online_payments_user ON online_payments(site, user_id);
