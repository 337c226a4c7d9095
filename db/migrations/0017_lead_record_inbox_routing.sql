-- Issue 21 (ADR 0037): leads a dealer can work. The complete lead record lives in leads.data (as `record`);
-- these columns are what the inbox filters, groups and updates by.

-- The location the lead is for (validated against the site's own) and the shopper's e-mail (lower case) and
-- phone (digits, national form), by which the inbox groups a shopper's earlier leads.
ALTER TABLE leads ADD COLUMN location_id INTEGER;
ALTER TABLE leads ADD COLUMN customer_email TEXT;
ALTER TABLE leads ADD COLUMN customer_phone TEXT;
CREATE INDEX leads_customer_email ON leads(site, customer_email);
CREATE INDEX leads_customer_phone ON leads(site, customer_phone);
-- Where the dealership is with the lead (delivery_status is where the platform is with it).
ALTER TABLE leads ADD COLUMN status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'contacted', 'appointment', 'sold', 'lost'));
ALTER TABLE leads ADD COLUMN assigned_to TEXT;
-- Set when the shopper cancels a booking through the receipt's link; booking is then NULL (the slot is free).
ALTER TABLE leads ADD COLUMN booking_cancelled_at TEXT;

CREATE TABLE lead_notes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  lead_id INTEGER NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
  author TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX lead_notes_lead ON lead_notes(lead_id, id);

-- Routing: a destination may be for one location or one department (sales, service, parts) only.
-- version: the JSON body a webhook gets; destinations added before the lead record keep version 1.
ALTER TABLE lead_destinations ADD COLUMN location_id INTEGER;
ALTER TABLE lead_destinations ADD COLUMN department TEXT CHECK (department IN ('sales', 'service', 'parts'));
ALTER TABLE lead_destinations ADD COLUMN version INTEGER NOT NULL DEFAULT 1 CHECK (version IN (1, 2));

-- The dealer's lead mail in HTML beside its plain text.
ALTER TABLE lead_outbox ADD COLUMN html TEXT;
