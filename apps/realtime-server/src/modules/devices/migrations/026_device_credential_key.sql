-- The key of the MQTT passwords' keyed hashes (HMAC-SHA-256, 'hmac-sha256$digest'), one per
-- database: every server process beside the first reads the same. The first process to start after
-- this migration stores a random 32-byte key (INSERT … ON CONFLICT DO NOTHING, then read back, so
-- two starting at once agree). Hashes stored before it ('scrypt$…') are replaced by keyed ones as
-- their devices next sign in (docs/decisions/0003-keyed-hash-for-machine-secrets.md).
CREATE TABLE device_credential_key (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  key bytea NOT NULL CHECK (octet_length(key) >= 32),
  created_at timestamptz NOT NULL DEFAULT now()
);
