-- Document store: each table keeps the columns lookups need, plus `data`, the entity JSON as the
-- zod contract in @dealer/shared/contract defines it (vehicles.data -> carSchema, locations.data -> locationSchema).

CREATE TABLE sites (
  slug TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  template TEXT NOT NULL,
  -- Site config override (deep partial); resolveSiteConfig merges it with the defaults.
  config TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL
);

-- Dealers' own domains; {slug}.localhost needs no row.
CREATE TABLE site_domains (
  domain TEXT PRIMARY KEY,
  site TEXT NOT NULL REFERENCES sites(slug) ON DELETE CASCADE
);
CREATE INDEX site_domains_site ON site_domains(site);

CREATE TABLE dealerships (
  id INTEGER PRIMARY KEY,
  site TEXT NOT NULL REFERENCES sites(slug) ON DELETE CASCADE,
  slug TEXT NOT NULL,
  name TEXT NOT NULL,
  finance_provider TEXT NOT NULL,
  data TEXT NOT NULL,
  UNIQUE (site, slug)
);

CREATE TABLE locations (
  id INTEGER PRIMARY KEY,
  site TEXT NOT NULL REFERENCES sites(slug) ON DELETE CASCADE,
  dealership_id INTEGER NOT NULL REFERENCES dealerships(id) ON DELETE CASCADE,
  slug TEXT NOT NULL,
  primary_flag INTEGER NOT NULL DEFAULT 0,
  data TEXT NOT NULL,
  UNIQUE (site, slug)
);
CREATE INDEX locations_dealership ON locations(dealership_id);

CREATE TABLE vehicles (
  id INTEGER PRIMARY KEY,
  site TEXT NOT NULL,
  dealership_id INTEGER NOT NULL,
  slug TEXT NOT NULL,
  stocknum TEXT NOT NULL,
  status TEXT NOT NULL,
  item_type TEXT NOT NULL DEFAULT 'car',
  updated_at TEXT NOT NULL,
  data TEXT NOT NULL,
  UNIQUE (site, slug),
  UNIQUE (dealership_id, stocknum)
);
CREATE INDEX vehicles_site_status ON vehicles(site, status);
CREATE INDEX vehicles_site_updated ON vehicles(site, updated_at);

CREATE TABLE api_keys (
  key TEXT PRIMARY KEY,
  site TEXT NOT NULL REFERENCES sites(slug) ON DELETE CASCADE,
  dealership_id INTEGER REFERENCES dealerships(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('search', 'write'))
);
CREATE INDEX api_keys_site ON api_keys(site);

-- Bumped in the same D1 batch as any stock change; search workers poll it to rebuild their index.
CREATE TABLE stock_versions (
  site TEXT PRIMARY KEY,
  version INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL
);

CREATE TABLE leads (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  site TEXT NOT NULL,
  kind TEXT NOT NULL,
  car_id INTEGER,
  dealership_id INTEGER,
  created_at TEXT NOT NULL,
  delivery_status TEXT NOT NULL DEFAULT 'pending' CHECK (delivery_status IN ('pending', 'delivered', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  data TEXT NOT NULL
);
CREATE INDEX leads_site_created ON leads(site, created_at);
CREATE INDEX leads_delivery ON leads(delivery_status);

CREATE TABLE users (
  id TEXT PRIMARY KEY,
  site TEXT NOT NULL,
  phone TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (site, phone)
);

CREATE TABLE watchlist_entries (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  car_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, car_id)
);
