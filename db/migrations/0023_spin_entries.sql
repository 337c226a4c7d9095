-- Issue 23 (ADR 0040): the spin-to-win promotion, one entry per signed-in shopper per site; the primary key
-- decides a double submit in SQLite, so a shopper never holds two prizes.
CREATE TABLE spin_entries (
  site TEXT NOT NULL REFERENCES sites(slug) ON DELETE CASCADE,
  user_id TEXT NOT NULL,
  prize TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (site, user_id)
);
