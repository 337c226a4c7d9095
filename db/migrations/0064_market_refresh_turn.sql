-- The market's refresh takes the marked models in turn (ADR 0115, addendum): the model being refreshed now. Each D1
-- batch of the refresh first moves it to the next marked model after it in key order (wrapping round), so a model
-- whose stock keeps changing, marked again between two batches, no longer holds back the models after it.
CREATE TABLE market_refresh_turn (
  only INTEGER PRIMARY KEY CHECK (only = 1),
  make TEXT,
  model TEXT
);
INSERT INTO market_refresh_turn (only) VALUES (1);
