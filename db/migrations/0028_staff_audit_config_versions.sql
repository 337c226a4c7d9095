-- Dealer staff accounts (issue 24, ADR 0045): a staff member is an e-mail address on one site, working for one
-- dealership in one role; sign-in by an e-mailed one-time code; sessions behind the __Host-staff cookie.
CREATE TABLE staff_members (
  id TEXT PRIMARY KEY,
  site TEXT NOT NULL REFERENCES sites(slug) ON DELETE CASCADE,
  dealership_id INTEGER NOT NULL REFERENCES dealerships(id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  name TEXT,
  role TEXT NOT NULL CHECK (role IN ('admin', 'salesperson', 'read-only')),
  invited_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_sign_in_at TEXT,
  UNIQUE (site, email)
);
CREATE INDEX staff_members_dealership ON staff_members(dealership_id);

-- One-time codes are the shoppers' auth_codes rows (HMAC only), keyed `staff:{id}` in place of a phone number.

-- The cookie carries a random token, the table its SHA-256; a session belongs to one site.
CREATE TABLE staff_sessions (
  token_hash TEXT PRIMARY KEY,
  staff_id TEXT NOT NULL REFERENCES staff_members(id) ON DELETE CASCADE,
  site TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX staff_sessions_staff ON staff_sessions(staff_id);

-- Who did what: sign-ins, invitations, key changes, configuration changes, lead status changes (shared/src/audit).
CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  site TEXT NOT NULL,
  dealership_id INTEGER,
  actor TEXT NOT NULL,
  action TEXT NOT NULL,
  subject TEXT,
  detail TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX audit_log_site ON audit_log(site, id);

-- Configuration without a redeploy: sites.config is the published override, config_version its number; every
-- publish (and rollback) is a new row here, so any earlier version can be published again.
ALTER TABLE sites ADD COLUMN config_version INTEGER NOT NULL DEFAULT 0;
CREATE TABLE site_config_versions (
  site TEXT NOT NULL REFERENCES sites(slug) ON DELETE CASCADE,
  version INTEGER NOT NULL,
  config TEXT NOT NULL,
  published_by TEXT NOT NULL,
  published_at TEXT NOT NULL,
  note TEXT,
  PRIMARY KEY (site, version)
);

-- An admin's unpublished override, which the gateway shows to that admin's own session only (preview).
CREATE TABLE site_config_drafts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  site TEXT NOT NULL REFERENCES sites(slug) ON DELETE CASCADE,
  staff_id TEXT NOT NULL REFERENCES staff_members(id) ON DELETE CASCADE,
  config TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (site, staff_id)
);
