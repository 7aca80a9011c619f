-- Provisioning: gateways carry many devices over one MQTT connection; devices and gateways hold
-- MQTT credentials. A device row is created only by provisioning (POST /devices, or in bulk behind
-- a gateway), never by an MQTT announcement.
CREATE TABLE gateways (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  gateway_id text NOT NULL UNIQUE,
  project_id uuid NOT NULL REFERENCES projects (id),
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX gateways_project ON gateways (project_id);

-- The gateway a device speaks through; null when it connects on its own.
ALTER TABLE devices ADD COLUMN gateway_id text REFERENCES gateways (gateway_id);
CREATE INDEX devices_gateway ON devices (gateway_id) WHERE gateway_id IS NOT NULL;

-- One MQTT user name per device (its serial number) or gateway (its gateway id): the two share
-- one namespace. Only the scrypt hash of the password is kept ('scrypt$N$r$p$salt$hash', base64).
CREATE TABLE device_credentials (
  username text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('device', 'gateway')),
  password_hash text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
