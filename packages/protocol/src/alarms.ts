import { z } from 'zod';

/**
 * Alarm types (spec §8). `ecometerCommunicationFailure` (a meter module) exists only in the Orion
 * family; each family has its own stale-data key.
 */
export const AlarmTypeSchema = z.enum([
  'accelerometer',
  'location',
  'voltage',
  'instantaneousActivePower',
  'controlGearCommFailure',
  'deviceReset',
  'maintenanceMode',
  'cabinetDoorOpen',
  'batteryMode',
  'MRcommunicationFailure',
  'ecometerCommunicationFailure',
  'orion.staleData',
  'vega.staleData',
  'sensorOutputOn',
  'connectionStatusUpdated',
  'minPowerThreshold',
  'maxPowerThreshold',
  'powerThresholdExceeded',
  'powerThresholdNotReached',
  'voltageThreshold',
]);
export type AlarmType = z.infer<typeof AlarmTypeSchema>;
export const ALARM_TYPES = AlarmTypeSchema.options;

export const AlarmBoundSchema = z.enum(['lower', 'upper']);
export type AlarmBound = z.infer<typeof AlarmBoundSchema>;

export const AlarmStatusSchema = z.enum(['active', 'restored']);
export type AlarmStatus = z.infer<typeof AlarmStatusSchema>;
