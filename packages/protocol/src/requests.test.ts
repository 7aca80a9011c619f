import { describe, expect, it } from 'vitest';
import { deviceErrorCode } from './requests';

describe('deviceErrorCode', () => {
  it("reads a GPS reading's NOT_FOUND as 'No GPS signal' (spec §8), and every other error as the device's", () => {
    expect(deviceErrorCode('readLocation', 'NOT_FOUND')).toBe('NO_GPS_SIGNAL');
    expect(deviceErrorCode('readLocation', 'NOT_ACCEPTABLE')).toBe('DEVICE_ERROR_NOT_ACCEPTABLE');
    expect(deviceErrorCode('switchOff', 'NOT_FOUND')).toBe('DEVICE_ERROR_NOT_FOUND');
    expect(deviceErrorCode('blink', 'METHOD_NOT_ALLOWED')).toBe('DEVICE_ERROR_METHOD_NOT_ALLOWED');
  });
});
