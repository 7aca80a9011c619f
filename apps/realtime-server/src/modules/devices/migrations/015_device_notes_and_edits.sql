-- Notes users write on a device (spec §3 Organisation), and who last wrote them.
ALTER TABLE devices ADD COLUMN notes text;
ALTER TABLE devices ADD COLUMN notes_updated_at timestamptz;
ALTER TABLE devices ADD COLUMN notes_updated_by text;

-- Every edit of a device through PATCH /devices/{id}: what changed, who changed it and when.
CREATE TABLE device_edits (
  id bigserial PRIMARY KEY,
  device_id uuid NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  changes jsonb NOT NULL,
  edited_by text NOT NULL,
  edited_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX device_edits_device ON device_edits (device_id, edited_at DESC);
