-- The retention deletes every device's records of long-gone hours (LOG_RETENTION_DAYS): found by hour.
CREATE INDEX device_log_records_hour ON device_log_records (hour);
