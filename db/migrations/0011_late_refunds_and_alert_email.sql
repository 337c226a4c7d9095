-- A card payment that arrives after its unpaid hold lapsed is refunded by the processor (ADR 0027): the
-- reservation keeps the processor's refund id and when it was made, and the confirmation page says so.
ALTER TABLE reservations ADD COLUMN refund_id TEXT;
ALTER TABLE reservations ADD COLUMN refunded_at TEXT;
-- The local test processor records the refunds it makes, as a real processor's dashboard would.
ALTER TABLE test_payment_sessions ADD COLUMN refund_id TEXT;
ALTER TABLE test_payment_sessions ADD COLUMN refunded_at TEXT;
