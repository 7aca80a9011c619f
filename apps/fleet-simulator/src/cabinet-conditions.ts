import type { AlarmType } from '@farola/protocol';

/**
 * What can go wrong in (or happen to) a cabinet, each raising the alarm of spec §8 of the same name
 * while it lasts (`staleData` as `<vendor>.staleData`):
 * - `cabinetDoorOpen`: someone opened the door;
 * - `batteryMode`: mains lost, the controller runs on its battery and its outputs drop;
 * - `deviceReset`: the controller restarted (raised when it is back, cleared minutes later);
 * - `ecometerCommunicationFailure` (Orion only): the main energy meter is silent, so no measures;
 * - `MRcommunicationFailure`: the MR meter module is silent, so no per-output measures;
 * - `staleData`: the controller keeps sending the same, outdated measures;
 * - `sensorOutputOn`: a sensor switched the outputs on;
 * - `controlGearCommFailure`: the AC input voltage dropped.
 */
export const CABINET_CONDITIONS = [
  'cabinetDoorOpen',
  'batteryMode',
  'deviceReset',
  'ecometerCommunicationFailure',
  'MRcommunicationFailure',
  'staleData',
  'sensorOutputOn',
  'controlGearCommFailure',
] as const;
export type CabinetCondition = (typeof CABINET_CONDITIONS)[number];

/** An alarm raised (`active`) or cleared, for the runtime to publish on `up/alarms`. */
export interface AlarmEvent {
  type: AlarmType;
  active: boolean;
}

/** A cabinet's conditions; each ends at its time (simulated epoch ms), or when cleared if null. */
export interface CabinetConditions {
  active: Map<CabinetCondition, number | null>;
  /** Outputs whose circuit breaker has tripped, and when it is reset. */
  trippedBreakers: Map<number, number | null>;
  maintenanceUntil: number | null;
  /** Raised and cleared alarms not yet published. */
  pending: AlarmEvent[];
  /** Random occurrences have been drawn up to this moment of simulated time. */
  drawnUntilMs: number;
}
