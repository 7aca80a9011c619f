CREATE TABLE devices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  serial_number text NOT NULL UNIQUE,
  device_type text NOT NULL,
  vendor text NOT NULL,
  project_id uuid NOT NULL REFERENCES projects (id),
  status text NOT NULL DEFAULT 'provisioned',
  name text NOT NULL,
  imei text,
  ip text,
  reference text,
  category text,
  model_number text,
  firmware_version text,
  latitude double precision,
  longitude double precision,
  fixed_location boolean NOT NULL DEFAULT false,
  installation_date timestamptz,
  connected boolean NOT NULL DEFAULT false,
  connected_at timestamptz,
  disconnected_at timestamptz,
  last_connection_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  attributes jsonb NOT NULL DEFAULT '{}'::jsonb,
  attributes_updated_at timestamptz
);
CREATE INDEX devices_project ON devices (project_id);
CREATE INDEX devices_name ON devices (name, id);
CREATE INDEX devices_created ON devices (created_at, id);
