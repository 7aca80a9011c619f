-- A request in progress whose device is disconnected is not sent: it waits for the device
-- (waiting_for_device) until wait_until, its creation plus its command's wait
-- (COMMAND_DEVICE_WAIT_MS), fixed when it is stored so that a restart keeps the deadline.
ALTER TABLE queued_requests ADD COLUMN waiting_for_device boolean NOT NULL DEFAULT false;
ALTER TABLE queued_requests ADD COLUMN wait_until timestamptz;
UPDATE queued_requests SET wait_until = created_at + CASE
  WHEN command IN ('switchOn', 'switchOff', 'blink', 'dimmingCheck', 'readLocation', 'uploadLog')
    THEN interval '15 minutes'
  WHEN command IN ('setConfiguration', 'setOperateMode', 'setSchedule', 'clearSchedule', 'createCalendar',
    'createAstroCalendar', 'restoreCalendar')
    THEN interval '1 day'
  WHEN command = 'install' THEN interval '30 days'
  ELSE interval '1 hour'
END;
ALTER TABLE queued_requests ALTER COLUMN wait_until SET NOT NULL;
