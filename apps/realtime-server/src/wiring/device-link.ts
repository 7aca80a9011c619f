import type { Logger } from 'pino';
import type { FarolaConfig } from '../config';
import { CommandQueue } from '../devices/command-queue';
import type { DeviceIndex } from '../devices/device-index';
import { startEmbeddedBroker, type EmbeddedBroker } from '../devices/embedded-broker';
import { Ingest } from '../devices/ingest';
import { RateLimitedWarn } from '../devices/ingest-log';
import { connectGateway, type MqttGateway } from '../devices/mqtt-gateway';
import { Registrar } from '../devices/registrar';
import { RegistrationRecovery } from '../devices/registration-recovery';
import type { WriteBehind } from '../devices/write-behind';
import type { DeviceEventPublisher } from '../realtime/device-events';
import type { Repositories } from './storage';

export interface BrokerEndpoint {
  url: string;
  port: number;
  embedded: EmbeddedBroker | null;
}

export interface DeviceLink {
  broker: BrokerEndpoint;
  gateway: MqttGateway;
  ingest: Ingest;
  queue: CommandQueue;
  recovery: RegistrationRecovery;
}

export interface DeviceLinkDeps {
  repositories: Repositories;
  index: DeviceIndex;
  events: DeviceEventPublisher;
  writer: WriteBehind;
  logger: Logger;
}

async function startBroker(config: FarolaConfig): Promise<BrokerEndpoint> {
  if (config.mqttUrl) {
    const url = new URL(config.mqttUrl);
    return { url: config.mqttUrl, port: Number(url.port || 1883), embedded: null };
  }
  const embedded = await startEmbeddedBroker(config.mqttPort, config.host);
  return { url: embedded.url, port: embedded.port, embedded };
}

/**
 * The device side: command queue, ingest, the MQTT broker (embedded unless one is configured)
 * and the server's own MQTT client; then resumes the requests left in progress.
 */
export async function createDeviceLink(config: FarolaConfig, deps: DeviceLinkDeps): Promise<DeviceLink> {
  const { repositories, index, events, writer, logger } = deps;
  // The queue is built before the gateway connects, so it publishes through this late binding.
  let gateway: MqttGateway | null = null;
  const queue = new CommandQueue({
    requests: repositories.requests,
    index,
    events,
    publish: (serial, message) =>
      gateway ? gateway.publishCommand(serial, message) : Promise.reject(new Error('MQTT not connected')),
    logger,
    attemptTimeoutMs: config.commandAttemptTimeoutMs,
    maxAttempts: config.commandMaxAttempts,
  });
  const recovery = new RegistrationRecovery({
    replay: (serials) => (gateway ? gateway.replayConnections(serials) : Promise.resolve()),
    onError: (error) => logger.warn({ err: error }, 'asking the broker for missed registrations failed'),
  });
  const ingest = new Ingest({
    index,
    registrar: new Registrar(repositories.devices),
    events,
    writer,
    onCommandAnswer: (device, message) => queue.onDeviceAnswer(device, message),
    warn: new RateLimitedWarn(logger),
    onUnknownSerial: (serial) => recovery.note(serial),
  });
  const broker = await startBroker(config);
  try {
    const connected = await connectGateway(broker.url, (topic, payload) => ingest.handle(topic, payload), logger);
    gateway = connected;
    await queue.resume();
    return { broker, gateway: connected, ingest, queue, recovery };
  } catch (error) {
    await closeStarted(queue, recovery, gateway, broker);
    throw error;
  }
}

/**
 * Undoes a device link after a failed start, newest part first. Failures while closing are
 * swallowed so that the caller sees why the start failed, not a consequence of it.
 */
export async function closeDeviceLink(link: DeviceLink): Promise<void> {
  await closeStarted(link.queue, link.recovery, link.gateway, link.broker);
}

async function closeStarted(
  queue: CommandQueue,
  recovery: RegistrationRecovery,
  gateway: MqttGateway | null,
  broker: BrokerEndpoint,
): Promise<void> {
  await queue.close().catch(() => undefined);
  await recovery.close().catch(() => undefined);
  await gateway?.close().catch(() => undefined);
  await broker.embedded?.close().catch(() => undefined);
}
