-- Issue 21 (ADR 0037): service bookings have their own times. A service booking and a test drive at the same
-- dealership and time are two different appointments, so the booked-time index includes the department.
ALTER TABLE leads ADD COLUMN booking_type TEXT NOT NULL DEFAULT 'sales';
DROP INDEX leads_booking;
CREATE UNIQUE INDEX leads_booking ON leads(dealership_id, booking_type, booking);
