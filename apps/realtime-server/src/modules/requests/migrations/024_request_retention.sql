-- The retention deletes requests that ended long ago (REQUEST_RETENTION_DAYS): found by when they ended.
CREATE INDEX queued_requests_finished ON queued_requests (finished_at) WHERE status <> 'IN_PROGRESS';
