CREATE TABLE projects (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  parent_id uuid REFERENCES projects (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  client_info text,
  logo_url text,
  support_email text
);
-- NULLS NOT DISTINCT is PostgreSQL 15+: two top-level projects may not share a name either.
CREATE UNIQUE INDEX projects_name_per_parent ON projects (parent_id, name) NULLS NOT DISTINCT;

CREATE TABLE project_members (
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  user_id text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'user')),
  PRIMARY KEY (project_id, user_id)
);
CREATE INDEX project_members_user ON project_members (user_id);

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

CREATE TABLE device_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  device_id uuid NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  project_id uuid NOT NULL,
  type text NOT NULL,
  ts timestamptz NOT NULL,
  payload jsonb NOT NULL
);
CREATE INDEX device_events_device ON device_events (device_id, id DESC);
CREATE INDEX device_events_ts ON device_events (ts);

CREATE TABLE queued_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  device_id uuid NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  project_id uuid NOT NULL,
  command text NOT NULL,
  params jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL,
  progress integer NOT NULL DEFAULT 0,
  attempt integer NOT NULL DEFAULT 1,
  error_code text,
  error_message text,
  requested_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX queued_requests_device ON queued_requests (device_id, created_at DESC);
CREATE INDEX queued_requests_created ON queued_requests (created_at DESC, id DESC);
CREATE INDEX queued_requests_in_progress ON queued_requests (id) WHERE status = 'IN_PROGRESS';
