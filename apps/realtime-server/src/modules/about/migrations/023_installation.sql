-- The database's own name: a random id made once, when its migrations first run, and never changed.
-- A client that keeps state tied to one database (the fleet simulator's credentials file) tells this
-- database from a fresh one by it; a restored backup keeps it, as it keeps the credentials.
CREATE TABLE installation (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO installation DEFAULT VALUES;
