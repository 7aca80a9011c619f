import { cabinetOutputOn } from './cabinet';
import type { Cabinet, LampState, SimDevice } from './device-state';
import { blankLampState, evaluateLampState } from './light-point';

/**
 * What a device's reports said of its switching, and whether that has changed since: the state the
 * transition watcher (transition-watcher.ts) compares. Every report notes it, whatever sent it
 * (periodic, after a command, or an earlier change).
 */

/** What a device last reported of its switching; the fleet's entries carry it. */
export interface ReportedSwitching {
  device: SimDevice;
  /** A bit set (light point: poweredOn, lit; cabinet: one bit per output on); -1 before the first report. */
  reportedSwitching: number;
  /** The commanded dimming its last report carried (light points). */
  reportedDimming: number;
  /** Reports that switched it on: `poweredOn` true after a report that said false. */
  switchOnReports: number;
}

/** A change of the commanded level by at least this many points is reported at once. */
export const DIMMING_STEP_POINTS = 10;
const POWERED_ON = 1;
const LIT = 2;

/** A light point's switching state as a bit set: its reported `poweredOn` and whether it gives light. */
function lampSwitching(lamp: LampState): number {
  return (lamp.mains && lamp.relayClosed ? POWERED_ON : 0) | (lamp.lit ? LIT : 0);
}

/** A cabinet's switching state: bit i is output i + 1 on. */
function cabinetSwitching(cabinet: Cabinet, nowMs: number): number {
  let bits = 0;
  for (const output of cabinet.outputs) {
    if (cabinetOutputOn(cabinet, output.index, nowMs)) bits |= 1 << (output.index - 1);
  }
  return bits;
}

/**
 * Remembers what the device's report just said of its switching. Call it right after the device
 * was advanced to the moment of the report: a light point's held state is then what it reports.
 */
export function noteReported(entry: ReportedSwitching, nowMs: number): void {
  const { device } = entry;
  if (device.kind === 'light-point') {
    const before = entry.reportedSwitching;
    entry.reportedSwitching = lampSwitching(device.held);
    entry.reportedDimming = device.held.dimming;
    if (before !== -1 && (before & POWERED_ON) === 0 && (entry.reportedSwitching & POWERED_ON) !== 0) {
      entry.switchOnReports += 1;
    }
  } else {
    entry.reportedSwitching = cabinetSwitching(device, nowMs);
  }
}

/** Whether the last report said the light point was switched on (`poweredOn`). */
export function reportedPoweredOn(entry: ReportedSwitching): boolean {
  return entry.device.kind === 'light-point' && (entry.reportedSwitching & POWERED_ON) !== 0;
}

const lamp = blankLampState();

/**
 * Whether the device's switching state at `nowMs` differs from its last report: switched on or
 * off, lit or dark, another cabinet output on or off, or a dimming step — a move of at least
 * DIMMING_STEP_POINTS, or any move that ends at a level (not a percent on the way of a fade).
 * Evaluates without changing the device or drawing from its random stream.
 */
export function changedSinceReport(entry: ReportedSwitching, nowMs: number): boolean {
  const { device } = entry;
  if (device.kind === 'cabinet') return cabinetSwitching(device, nowMs) !== entry.reportedSwitching;
  evaluateLampState(device, nowMs, lamp);
  if (lampSwitching(lamp) !== entry.reportedSwitching) return true;
  const moved = Math.abs(lamp.dimming - entry.reportedDimming);
  return moved >= DIMMING_STEP_POINTS || (moved > 0 && !lamp.fading);
}
