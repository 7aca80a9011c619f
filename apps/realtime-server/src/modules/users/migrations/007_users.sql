-- The people the server has seen: everyone whose token it verified (the identity provider owns
-- the accounts). An administrator finds them here to grant project permissions.
CREATE TABLE users (
  id text PRIMARY KEY,
  username text NOT NULL,
  given_name text NOT NULL DEFAULT '',
  family_name text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  last_seen_at timestamptz
);
CREATE INDEX users_username ON users (lower(username), id);
