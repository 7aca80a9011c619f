-- Why the device's last installation failed (an error code of the catalogue) and when; null while
-- none failed. Set when its install request ends without DONE; cleared by a retry, by any move out
-- of installation and by an installation that ends DONE.
ALTER TABLE devices ADD COLUMN installation_failure text;
ALTER TABLE devices ADD COLUMN installation_failed_at timestamptz;

-- A device went into operation without an installation date when it registered and became ready
-- (only the install command set one). The date it was provisioned is the nearest to its
-- commissioning the database knows: every device in operation, or taken out of it for revision or
-- maintenance, gets it. Devices registering from now on take the date they report, else the moment
-- they register.
UPDATE devices SET installation_date = created_at
WHERE installation_date IS NULL AND status IN ('ready', 'revision', 'maintenance');
