-- Durable jobs: one long operation (a bulk action today; a calendar applied to a group, an import,
-- a firmware campaign next) over many items, each with its own outcome. Everything a runner needs
-- is here: a job resumes after a restart, and an item is claimed with a lease by one runner at a
-- time (`lease_owner`, `lease_until`), so two server processes never start it twice.
CREATE TABLE jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Which JobKind runs it ('bulk'), and what it does within that kind (the bulk action's name).
  kind text NOT NULL,
  action text NOT NULL,
  params jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done', 'cancelled')),
  project_ids uuid[] NOT NULL,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX jobs_created ON jobs (kind, created_at DESC, id DESC);
CREATE INDEX jobs_running ON jobs (id) WHERE status = 'running';

CREATE TABLE job_items (
  job_id uuid NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  -- The item (a device id), the key it is listed and started in (a serial number) and its label (a name).
  item_id text NOT NULL,
  sort_key text NOT NULL,
  label text NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('pending', 'succeeded', 'failed', 'skipped')),
  error_code text,
  error_message text,
  -- What the item's start left to follow (the queued request's id), if it does not end at once.
  ref text,
  started boolean NOT NULL DEFAULT false,
  lease_owner text,
  lease_until timestamptz,
  PRIMARY KEY (job_id, item_id)
);
CREATE INDEX job_items_page ON job_items (job_id, sort_key, item_id);
CREATE INDEX job_items_unstarted ON job_items (job_id, sort_key, item_id) WHERE NOT started;
CREATE INDEX job_items_followed ON job_items (ref) WHERE outcome = 'pending' AND ref IS NOT NULL;

-- The bulk jobs stored before the engine existed become jobs of the kind 'bulk', unchanged.
INSERT INTO jobs (id, kind, action, params, status, project_ids, created_by, created_at, finished_at)
SELECT id, 'bulk', action, params, status, project_ids, created_by, created_at, finished_at FROM bulk_jobs;
INSERT INTO job_items (job_id, item_id, sort_key, label, outcome, error_code, error_message, ref, started)
SELECT job_id, device_id::text, serial_number, name, outcome, error_code, error_message, request_id::text, started
FROM bulk_job_items;
DROP TABLE bulk_job_items;
DROP TABLE bulk_jobs;
