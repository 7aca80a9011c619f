-- Why the device's last installation failed (an error code of the catalogue) and when; null while
-- none failed. Set when its install request ends without DONE; cleared by a retry, by any move out
-- of installation and by an installation that ends DONE.
ALTER TABLE devices ADD COLUMN installation_failure text;
ALTER TABLE devices ADD COLUMN installation_failed_at timestamptz;

-- A device went into operation without an installation date when it registered and became ready
-- (only the install command set one). The day it was provisioned is the nearest to its
-- commissioning the database knows: every device in operation, or taken out of it for revision or
-- maintenance, gets it. Devices registering from now on take the day they report, else the day
-- they register. An installation date is a calendar day, kept as 00:00 UTC of that day (so an
-- export and a filter by day read the day that was meant); the dates set before are made so too.
UPDATE devices SET installation_date = date_trunc('day', created_at, 'UTC')
WHERE installation_date IS NULL AND status IN ('ready', 'revision', 'maintenance');
UPDATE devices SET installation_date = date_trunc('day', installation_date, 'UTC')
WHERE installation_date <> date_trunc('day', installation_date, 'UTC');
