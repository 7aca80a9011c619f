-- The luminaire and hardware fields users record on a device (spec §3 'Luminaire and hardware').
ALTER TABLE devices ADD COLUMN luminaire_serial_number text;
ALTER TABLE devices ADD COLUMN luminaire_type text;
ALTER TABLE devices ADD COLUMN bracket_type text;
ALTER TABLE devices ADD COLUMN driver text;

-- 'Luminaire serial number {error} already exists': one device per luminaire across the system.
CREATE UNIQUE INDEX devices_luminaire_serial_number ON devices (luminaire_serial_number)
  WHERE luminaire_serial_number IS NOT NULL;
