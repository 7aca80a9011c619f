CREATE TABLE queued_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  device_id uuid NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  project_id uuid NOT NULL,
  command text NOT NULL,
  params jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL,
  progress integer NOT NULL DEFAULT 0,
  attempt integer NOT NULL DEFAULT 1,
  error_code text,
  error_message text,
  requested_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX queued_requests_device ON queued_requests (device_id, created_at DESC);
CREATE INDEX queued_requests_created ON queued_requests (created_at DESC, id DESC);
CREATE INDEX queued_requests_in_progress ON queued_requests (id) WHERE status = 'IN_PROGRESS';
