-- The bulk job a request was queued for: a job resumed after a crash between queuing a batch and
-- recording it on the job's items finds the batch's requests here and does not queue them again.
ALTER TABLE queued_requests ADD COLUMN bulk_job_id uuid;
CREATE INDEX queued_requests_bulk_job ON queued_requests (bulk_job_id, device_id) WHERE bulk_job_id IS NOT NULL;
