-- 'Disable devices' (spec §4) is permanent: a disabled device keeps its status, loses its MQTT
-- credentials and is refused every command.
ALTER TABLE devices ADD COLUMN disabled boolean NOT NULL DEFAULT false;
