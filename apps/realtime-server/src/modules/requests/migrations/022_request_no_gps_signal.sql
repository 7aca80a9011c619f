-- Spec §8: for the fields latitude and longitude a device's NOT_FOUND is 'No GPS signal'. A GPS
-- reading that failed so is now stored with that code; those stored before read the same.
UPDATE queued_requests SET error_code = 'NO_GPS_SIGNAL', error_message = 'No GPS signal'
WHERE command = 'readLocation' AND error_code = 'DEVICE_ERROR_NOT_FOUND';
