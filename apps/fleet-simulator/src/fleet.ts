import { pino } from 'pino';
import { DEFAULT_FLEET_OPTIONS, type FleetOptions } from './config';
import { createDevices, type FleetDeviceInfo, infoOf } from './fleet-device';
import { FleetRuntime } from './fleet-runtime';
import { buildFleetLayout } from './layout';

export interface Fleet {
  devices: ReadonlyArray<FleetDeviceInfo>;
  /** Resolves once every device has connected and sent its first report. */
  ready: Promise<void>;
  /** Announces every device as disconnected and closes all connections cleanly. */
  stop(): Promise<void>;
}

/**
 * Starts a simulated fleet against an MQTT broker.
 *
 * @example
 * const fleet = await startFleet({ mqttUrl: 'mqtt://127.0.0.1:1884', devices: 50, speed: 10 });
 * await fleet.ready;
 * await fleet.stop();
 */
export async function startFleet(overrides: Partial<FleetOptions> & { mqttUrl: string }): Promise<Fleet> {
  const options: FleetOptions = { ...DEFAULT_FLEET_OPTIONS, ...overrides };
  const logger = pino({ name: 'fleet-simulator', level: options.logLevel });
  const devices = createDevices(buildFleetLayout(options), Date.now());
  const runtime = new FleetRuntime(options, logger, devices);
  return { devices: devices.map(infoOf), ready: runtime.ready, stop: () => runtime.stop() };
}
