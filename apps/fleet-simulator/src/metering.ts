import type { DeviceSpec } from './layout';
import type { SunDay } from './schedule';

/**
 * What every simulated device holds between two `advance` calls: its firmware and the last
 * sampled electrical state, which `advance` integrates into energy and operating hours.
 */
export interface MeteredState {
  spec: DeviceSpec;
  firmwareVersion: string;
  previousFirmware: string | null;
  powerW: number;
  voltage: number;
  energyKWh: number;
  operatingHours: number;
  lastAdvanceMs: number;
  signalStrength: number;
  sun?: SunDay;
}
