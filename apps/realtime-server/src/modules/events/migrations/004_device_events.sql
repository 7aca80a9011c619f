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
