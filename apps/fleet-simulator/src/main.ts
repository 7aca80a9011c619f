/** The simulator as a process: configuration from SIM_* variables, stops cleanly on SIGINT/SIGTERM. */
import { pino } from 'pino';
import { SimulatorConfigError } from './config';
import { startFleet } from './fleet';
import { startupOptions } from './startup';

async function main(): Promise<void> {
  let options;
  try {
    options = startupOptions(process.env);
  } catch (error) {
    if (!(error instanceof SimulatorConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const logger = pino({ name: 'fleet-simulator', level: options.logLevel });
  const startedAt = Date.now();
  const fleet = await startFleet(options);
  const count = (predicate: (d: (typeof fleet.devices)[number]) => boolean) => fleet.devices.filter(predicate).length;
  logger.info(
    {
      broker: options.mqttUrl,
      devices: fleet.devices.length,
      lightPoints: count((d) => d.deviceType === 'light-point-controller'),
      cabinets: count((d) => d.deviceType === 'cabinet-controller'),
      orion: count((d) => d.vendor === 'orion'),
      vega: count((d) => d.vendor === 'vega'),
      gateways: options.gatewaySize,
      speed: options.speed,
    },
    'fleet started; connecting',
  );
  if (fleet.controlUrl) logger.info({ url: fleet.controlUrl }, 'control interface listening (npm run sim -- help)');
  if (options.scenario)
    logger.info({ scenario: options.scenario.name }, 'the scenario starts once every device has reported');
  void fleet.ready.then(() =>
    logger.info({ seconds: (Date.now() - startedAt) / 1000 }, 'all devices connected and reporting'),
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping: announcing every device as disconnected');
    const forceExit = setTimeout(() => process.exit(1), 10_000);
    fleet.stop().then(
      () => {
        clearTimeout(forceExit);
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'could not stop the fleet cleanly');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

void main();
