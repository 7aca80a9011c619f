import { type Logger, pino } from 'pino';
import { SimClock } from './clock';
import { ControlServer } from './control/control-server';
import { ScenarioRunner } from './control/scenario-runner';
import { scenarioRoutes } from './control/scenario-routes';
import { DEFAULT_FLEET_OPTIONS, type FleetOptions } from './fleet-options';
import { createDevices, type FleetDeviceInfo, infoOf } from './fleet-device';
import { planConnections } from './connections';
import type { LinkAuth } from './fleet-loop';
import { FleetRuntime } from './fleet-runtime';
import { uniformFaultRates } from './light-faults';
import type { DeviceSpec } from './device-spec';
import { buildFleetLayout } from './layout';
import type { MqttLink } from './link';
import { FleetProvisioner, type LinkPrincipal } from './provisioner';

export interface Fleet {
  devices: ReadonlyArray<FleetDeviceInfo>;
  /** The control interface's address, when SIM_CONTROL_PORT opened one. */
  controlUrl: string | null;
  /** Resolves once every device has connected and sent its first report. */
  ready: Promise<void>;
  /** Announces every device as disconnected and closes all connections cleanly. */
  stop(): Promise<void>;
}

/** What each connection signs in as, grouped as `createLinks` groups the devices. */
function principalsOf(options: FleetOptions, specs: readonly DeviceSpec[]): LinkPrincipal[] {
  return planConnections(options, specs).map(({ gatewayId, devices }) => ({
    username: gatewayId ?? devices[0]!.serialNumber,
    gatewayId,
    devices,
  }));
}

/**
 * Provisions the fleet through the API (or reads its credentials from the file), and renews a
 * connection's credentials when the broker refuses them.
 */
async function provisionFleet(options: FleetOptions, specs: readonly DeviceSpec[], logger: Logger): Promise<LinkAuth> {
  const provisioner = await FleetProvisioner.open(options.provisioning!, logger);
  const principals = principalsOf(options, specs);
  const credentials = await provisioner.credentialsFor(principals);
  const byName = new Map(principals.map((principal) => [principal.username, principal]));
  const renewing = new Set<string>();
  const onRefused = (link: MqttLink) => {
    const principal = byName.get(link.options.gatewayId ?? link.options.serials[0] ?? '');
    if (!principal || renewing.has(principal.username)) return;
    renewing.add(principal.username);
    logger.warn({ username: principal.username }, 'the broker refused the credentials; provisioning them again');
    provisioner
      .renew(principal)
      .then((renewed) => link.setCredentials(renewed))
      .catch((error: unknown) => logger.error({ err: error, username: principal.username }, 'provisioning failed'))
      .finally(() => renewing.delete(principal.username));
  };
  return { credentials, onRefused };
}

/**
 * Starts a simulated fleet against an MQTT broker. With `provisioning`, it first waits for the
 * server, provisions the devices (or reuses the credentials file) and connects with credentials.
 *
 * @example
 * const fleet = await startFleet({ mqttUrl: 'mqtt://127.0.0.1:1884', devices: 50, speed: 10,
 *   provisioning: { apiUrl: 'http://127.0.0.1:8080/lighting/api', oauth: null, credentialsFile: '.data/sim.json' } });
 * await fleet.ready;
 * await fleet.stop();
 */
export async function startFleet(overrides: Partial<FleetOptions> & { mqttUrl: string }): Promise<Fleet> {
  const options: FleetOptions = { ...DEFAULT_FLEET_OPTIONS, ...overrides };
  const logger = pino({ name: 'fleet-simulator', level: options.logLevel });
  const specs = buildFleetLayout(options);
  const auth = options.provisioning ? await provisionFleet(options, specs, logger) : null;
  const clock = new SimClock(options.speed);
  const devices = createDevices(specs, clock.now(), options.seed, uniformFaultRates(options.faultRatePerYear));
  const runtime = new FleetRuntime(options, logger, devices, auth, clock);
  const scenarios = new ScenarioRunner(runtime.control, logger);
  const control = options.control ? new ControlServer(runtime.control, logger, scenarioRoutes(scenarios)) : null;
  const controlUrl = control ? await control.listen(options.control!.port, options.control!.host) : null;
  let stopped = false;
  const { scenario } = options;
  // SIM_SCENARIO starts once every device is there to act on.
  if (scenario) void runtime.ready.then(() => !stopped && scenarios.start(scenario));
  return {
    devices: devices.map(infoOf),
    controlUrl,
    ready: runtime.ready,
    stop: async () => {
      stopped = true;
      scenarios.stopAll();
      await control?.close();
      await runtime.stop();
    },
  };
}
