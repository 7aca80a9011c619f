-- Bulk actions: one job per action on many devices, and each device's outcome in it. Counts are
-- read from the items; a running job resumes after a restart from what is stored here.
CREATE TABLE bulk_jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  action text NOT NULL,
  params jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'running',
  project_ids uuid[] NOT NULL,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX bulk_jobs_created ON bulk_jobs (created_at DESC, id DESC);
CREATE INDEX bulk_jobs_running ON bulk_jobs (id) WHERE status = 'running';

CREATE TABLE bulk_job_items (
  job_id uuid NOT NULL REFERENCES bulk_jobs (id) ON DELETE CASCADE,
  device_id uuid NOT NULL,
  serial_number text NOT NULL,
  name text NOT NULL,
  outcome text NOT NULL,
  error_code text,
  error_message text,
  request_id uuid,
  started boolean NOT NULL DEFAULT false,
  PRIMARY KEY (job_id, device_id)
);
CREATE INDEX bulk_job_items_page ON bulk_job_items (job_id, serial_number, device_id);
CREATE INDEX bulk_job_items_unstarted ON bulk_job_items (job_id, serial_number) WHERE NOT started;
