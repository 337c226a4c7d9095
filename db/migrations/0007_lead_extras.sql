-- Extra results a form saves about a lead it has sent (POST /api/miscellaneous): the trade-in
-- valuation under column_name 'valuation' (or 'miscellaneous'). One value per lead and column.
CREATE TABLE lead_extras (
  lead_id INTEGER NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
  column_name TEXT NOT NULL,
  value TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (lead_id, column_name)
);
