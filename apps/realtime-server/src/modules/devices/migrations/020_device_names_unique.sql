-- Names are unique per device kind whatever their case ('Light point name {error} already exists',
-- '{error} name of the cabinet controller already exists'): 'Audit lamp' and 'audit lamp' are the
-- same lamp to whoever reads a list or a map, and a search already ignores case.
--
-- Devices that already share a name keep it on the oldest; each other one takes its serial number
-- after it ('Audit lamp (OR-LP-000002)', cut to fit 120 characters), and the rename is recorded in
-- its edit history with the name it had, so nothing is lost. A renamed one that meets another
-- device's name (hardly ever) takes its id instead, which nothing else carries.
WITH ranked AS (
  SELECT id, name, serial_number,
    row_number() OVER (PARTITION BY device_type, lower(name) ORDER BY created_at, id) AS n
  FROM devices
), renamed AS (
  UPDATE devices d SET name = left(r.name, 117 - length(r.serial_number)) || ' (' || r.serial_number || ')'
  FROM ranked r
  WHERE d.id = r.id AND r.n > 1
  RETURNING d.id, d.name AS new_name, r.name AS old_name
)
INSERT INTO device_edits (device_id, changes, edited_by)
SELECT id, jsonb_build_object('name', new_name, 'previousName', old_name), 'migration' FROM renamed;

WITH ranked AS (
  SELECT id, name,
    row_number() OVER (PARTITION BY device_type, lower(name) ORDER BY created_at, id) AS n
  FROM devices
), renamed AS (
  UPDATE devices d SET name = left(r.name, 81) || ' (' || r.id::text || ')'
  FROM ranked r
  WHERE d.id = r.id AND r.n > 1
  RETURNING d.id, d.name AS new_name, r.name AS old_name
)
INSERT INTO device_edits (device_id, changes, edited_by)
SELECT id, jsonb_build_object('name', new_name, 'previousName', old_name), 'migration' FROM renamed;

CREATE UNIQUE INDEX devices_name_per_type ON devices (device_type, lower(name));
