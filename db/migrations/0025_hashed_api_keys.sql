-- Issue 24 (ADR 0043): keys are secrets. The table holds a key's SHA-256 and a lookup id, never the key.
-- The old rows move aside: `npm start` (scripts/setup.ts) and `npm run keys -- hash-plaintext` hash them into
-- the new table and empty the old one, which a later migration drops.
ALTER TABLE api_keys RENAME TO api_keys_plaintext;
DROP INDEX IF EXISTS api_keys_site;

CREATE TABLE api_keys (
  -- The lookup id: carried in the key itself (dk_{id}_{secret}), or h_{hash prefix} for other strings.
  id TEXT PRIMARY KEY,
  hash TEXT NOT NULL,
  -- Null for the operator key, which belongs to no site.
  site TEXT REFERENCES sites(slug) ON DELETE CASCADE,
  dealership_id INTEGER REFERENCES dealerships(id) ON DELETE CASCADE,
  -- Space-separated: search, stock:write, leads:read, operator.
  scopes TEXT NOT NULL,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_used_at TEXT,
  -- Set when the key was rotated: it keeps working until then (the overlap window).
  expires_at TEXT,
  revoked_at TEXT
);
CREATE INDEX api_keys_site ON api_keys(site);
CREATE INDEX api_keys_dealership ON api_keys(dealership_id);

-- A disabled site answers with a holding page (issue 24); the operator re-enables it with `site update`.
ALTER TABLE sites ADD COLUMN status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled'));
