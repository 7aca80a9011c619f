-- Photographs of devices (spec §3 Organisation: photography), the image bytes kept in the database
-- beside their metadata so that a backup of the database holds them. project_id is the device's
-- project when the photograph was uploaded; who may see one follows the device's current project.
CREATE TABLE device_photos (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  device_id uuid NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  project_id uuid NOT NULL,
  filename text NOT NULL,
  caption text,
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp')),
  size integer NOT NULL CHECK (size > 0),
  content bytea NOT NULL CHECK (octet_length(content) = size),
  uploaded_by text NOT NULL,
  uploaded_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX device_photos_page ON device_photos (device_id, uploaded_at DESC, id DESC);
