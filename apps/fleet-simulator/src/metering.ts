import type { DeviceSpec } from './device-spec';
import { dayOfIsoDate, localInstant } from '@farola/protocol/schedule-engine';
import type { Random } from './random';
import { manualModeUntil, type SunDay, sunDay, TIMEZONE } from './schedule';

/**
 * What every simulated device holds between two `advance` calls: its firmware and the last
 * sampled electrical state, which `advance` integrates into energy and operating hours.
 */
export interface MeteredState {
  spec: DeviceSpec;
  /** The device's own random stream, seeded by SIM_SEED and its serial number. */
  random: Random;
  firmwareVersion: string;
  previousFirmware: string | null;
  /** Remote management switched off on site: the device refuses every command and says so. */
  remoteManagementDisabled?: boolean;
  /** A firmware image downloaded and not yet applied. */
  downloadedFirmware?: string;
  powerW: number;
  voltage: number;
  energyKWh: number;
  operatingHours: number;
  lastAdvanceMs: number;
  /**
   * When the device was installed (simulated epoch ms; local midnight of its installation date):
   * its logged data starts here. `resetInstallation` moves it.
   */
  installedAtMs: number;
  signalStrength: number;
  sun?: SunDay;
}

/** A switchOn/switchOff state that holds until the schedule takes over again at `until`. */
export interface ManualOverride {
  on: boolean;
  until: number;
}

export const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The first moment of an installation date (`YYYY-MM-DD`) on the device's clock (`TIMEZONE`). */
export function installationInstant(date: string, timezone = TIMEZONE): number {
  return localInstant(dayOfIsoDate(date), 0, timezone);
}

/** Today's sunrise and sunset at the device, cached on it until the day changes. */
export function sunOf(state: MeteredState, nowMs: number): SunDay {
  state.sun = sunDay(nowMs, state.spec.latitude, state.spec.longitude, state.sun);
  return state.sun;
}

/**
 * Integrates the power held since the last call into energy up to `nowMs` (simulated time), and
 * into operating hours when `operating`.
 */
export function integrateMeter(state: MeteredState, nowMs: number, operating: boolean): void {
  const simulatedSeconds = Math.max(0, nowMs - state.lastAdvanceMs) / 1000;
  state.energyKWh += (state.powerW * simulatedSeconds) / 3_600_000;
  if (operating) state.operatingHours += simulatedSeconds / 3600;
  state.lastAdvanceMs = nowMs;
}

/** Mains voltage wanders by up to `step` volts per sample, within 225–235 V. */
export function driftVoltage(state: MeteredState, step: number): void {
  state.voltage = Math.min(235, Math.max(225, state.voltage + state.random.between(-step, step)));
}

/** switchOn/switchOff: a manual state that the next sunrise or sunset hands back to the schedule. */
export function manualOverride(on: boolean, nowMs: number): ManualOverride {
  return { on, until: manualModeUntil(nowMs) };
}

/** The manual state still in force at `nowMs`; an expired one is cleared on the way. */
export function activeOverride(holder: { override: ManualOverride | null }, nowMs: number): ManualOverride | null {
  if (holder.override && nowMs >= holder.override.until) holder.override = null;
  return holder.override;
}

/** The `astronomicalInfo` attribute: today's sunrise and sunset at the device, as ISO-8601. */
export function astronomicalInfoOf(state: MeteredState, nowMs: number): { sunrise: string; sunset: string } {
  const sun = sunOf(state, nowMs);
  return { sunrise: new Date(sun.sunrise).toISOString(), sunset: new Date(sun.sunset).toISOString() };
}
