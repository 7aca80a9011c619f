import { z } from 'zod';
import type { SimClock } from '../clock';
import type { LatLng } from '../device-spec';
import type { FleetDevice } from '../fleet-device';
import type { CommandFailureRate, ForcedFailure } from './command-failures';

/** What the control interface may do to the running fleet, beyond a device's own state. */
export interface FleetControl {
  readonly clock: SimClock;
  readonly seed: string;
  /** Where the fleet stands: clock expressions such as 'sunset-20s' take the sun there. */
  readonly center: LatLng;
  entries(): Iterable<FleetDevice>;
  entry(serialNumber: string): FleetDevice | undefined;
  /** Restarts the device, as a power cycle does. */
  reboot(entry: FleetDevice): void;
  /** The device loses its connection for `seconds` of simulated time (no farewell: the server learns it from the broker or gateway). */
  loseConnection(entry: FleetDevice, seconds: number): void;
  /** Brings a device that lost its connection back now; false when it had not lost it. */
  restoreConnection(entry: FleetDevice): boolean;
  /** The device's next command (of `failure.command`, or any) ends in this error. */
  failNextCommand(entry: FleetDevice, failure: ForcedFailure): void;
  /** From now on a share of the device's commands fail (null: none beyond SIM_ERROR_RATE). */
  setCommandFailureRate(entry: FleetDevice, failures: CommandFailureRate | null): void;
  /**
   * Publishes the device's changed values now (and a cabinet's light points'); for a cabinet also
   * the alarms raised or cleared since its last report, as after a command.
   */
  publishChanges(entry: FleetDevice): void;
  /** Sends a full report now: every attribute, position and orientation included. */
  publishReport(entry: FleetDevice): void;
  /** Changes of state the transition watcher found since the start (transition-watcher.ts). */
  changeReports(): number;
}

export const DeviceKindSchema = z.enum(['light-point', 'cabinet']);
export type DeviceKind = z.infer<typeof DeviceKindSchema>;

export interface ActionDefinition<P extends z.ZodType> {
  summary: string;
  /** The kinds of device it applies to; others are skipped with a reason. */
  kinds: readonly DeviceKind[];
  params: P;
  /** Applies the action; returns a reason to skip this device instead, or nothing. */
  apply(entry: FleetDevice, params: z.infer<P>, control: FleetControl): string | void;
}

export const action = <P extends z.ZodType>(definition: ActionDefinition<P>) => definition;
export const BOTH: readonly DeviceKind[] = ['light-point', 'cabinet'];
export const LIGHT_POINTS: readonly DeviceKind[] = ['light-point'];
export const CABINETS: readonly DeviceKind[] = ['cabinet'];

/** A duration in simulated minutes, up to a year; absent: until it is undone. */
export const minutesSchema = z
  .number()
  .positive()
  .max(366 * 24 * 60);

/**
 * After a change to what a device reports: its new values at once, if it is online (an offline
 * device shows them, and a cabinet sends the alarms it raised, when it is back).
 */
export function publishIfOnline(entry: FleetDevice, control: FleetControl, full = false): void {
  if (!entry.online) return;
  if (full) control.publishReport(entry);
  else control.publishChanges(entry);
}
