-- Logged data: one row per device and hour, as devices upload it on up/logs (uploadLog). A page sent
-- twice, or a later upload of the same hours, replaces the rows it covers.
CREATE TABLE device_log_records (
  device_id uuid NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  hour timestamptz NOT NULL,
  energy_kwh double precision NOT NULL,
  operating_hours double precision NOT NULL,
  on_share double precision NOT NULL,
  dimming double precision,
  outputs jsonb,
  request_id uuid NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (device_id, hour)
);
