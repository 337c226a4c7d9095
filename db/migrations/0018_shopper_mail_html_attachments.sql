-- Issue 21 (ADR 0037): the shopper's lead receipt is HTML and text, with an iCalendar invitation for a booking.
-- attachments: JSON [{filename, content_type, content}] (content as text), as the mail provider is sent them.
ALTER TABLE email_outbox ADD COLUMN html TEXT;
ALTER TABLE email_outbox ADD COLUMN attachments TEXT;
