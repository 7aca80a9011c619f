-- Parameters holding a secret (setConfiguration's mobile password) are stored and listed masked;
-- the clear ones wait here only while the request may still be delivered, and are dropped when it ends.
ALTER TABLE queued_requests ADD COLUMN delivery_params jsonb;
CREATE INDEX queued_requests_command ON queued_requests (command, created_at DESC);
