-- A dealership of a group may take payments with its own card processor account (ADR 0030): each reservation
-- records the account its car's dealership chose (the processor's public key, or its name without one), so its
-- webhook is verified with that account's secret and only that account's events act on it. NULL: made before
-- this, with the site's processor.
ALTER TABLE reservations ADD COLUMN processor_account TEXT;
