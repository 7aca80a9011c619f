-- The latest step and attempt a device reported for a long command (installation).
ALTER TABLE queued_requests ADD COLUMN detail jsonb;
