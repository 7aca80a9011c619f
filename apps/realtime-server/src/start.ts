import pino, { type Logger } from 'pino';
import { createApp } from './app';
import type { FarolaConfig } from './config';
import { DeviceIndex } from './devices/device-index';
import type { MqttMetrics } from './devices/ingest';
import { startEventRetention } from './devices/retention';
import { WriteBehind } from './devices/write-behind';
import { DeviceEventPublisher } from './realtime/device-events';
import { type Authenticate, createAuthenticator } from './services/auth.service';
import { DeviceService } from './services/device.service';
import { ProjectService } from './services/project.service';
import { RequestService } from './services/request.service';
import { closeDeviceLink, createDeviceLink, type DeviceLink } from './wiring/device-link';
import { createHttp, type HttpParts, listen } from './wiring/http-server';
import { type RunningParts, shutdown } from './wiring/shutdown';
import { openStorage, type Storage } from './wiring/storage';

export interface FarolaServer {
  httpUrl: string;
  mqttUrl: string;
  port: number;
  mqttPort: number;
  metrics: MqttMetrics;
  /** Stops gracefully: nothing accepted is lost. */
  close(): Promise<void>;
}

export interface StartOptions {
  logger?: Logger;
}

/**
 * Starts the whole back end: database (migrated), MQTT broker and gateway, command queue,
 * HTTP API and Socket.IO.
 *
 * @example
 * const server = await startFarolaServer(loadConfig({ PORT: '0', DATA_DIR: 'memory://', MQTT_PORT: '0', AUTH_DISABLED: 'true' }));
 * await fetch(`${server.httpUrl}/lighting/api/health`);
 * await server.close();
 */
export async function startFarolaServer(config: FarolaConfig, options: StartOptions = {}): Promise<FarolaServer> {
  const logger = options.logger ?? pino({ level: config.logLevel });
  const storage = await openStorage(config);
  try {
    return await wire(config, storage, logger);
  } catch (error) {
    await storage.db.close().catch(() => undefined);
    throw error;
  }
}

async function wire(config: FarolaConfig, storage: Storage, logger: Logger): Promise<FarolaServer> {
  const { db, repositories } = storage;
  const index = new DeviceIndex(await repositories.devices.loadIndex());
  const writer = new WriteBehind(repositories, logger);
  const projects = new ProjectService(repositories.projects);
  const authenticate = createAuthenticator(config);
  const http = createHttp(config, { authenticate, projects, logger });
  const events = new DeviceEventPublisher(http.batcher, writer);
  let link: DeviceLink;
  try {
    link = await createDeviceLink(config, { repositories, index, events, writer, logger });
  } catch (error) {
    await undoStart({ writer, http });
    throw error;
  }
  const stopRetention = startEventRetention(repositories.events, config.eventRetentionDays, logger);
  let port: number;
  try {
    http.serve(buildApp({ config, logger, storage, index, writer, projects, authenticate, http, link }));
    port = await listen(http.httpServer, config.port, config.host);
  } catch (error) {
    await undoStart({ writer, http, link, stopRetention });
    throw error;
  }
  logger.info(
    { port, mqtt: link.broker.url, database: db.kind, devices: index.size },
    'Farola realtime-server started',
  );

  const { httpServer, io, batcher } = http;
  return {
    httpUrl: `http://127.0.0.1:${port}`,
    mqttUrl: link.broker.url,
    port,
    mqttPort: link.broker.port,
    metrics: link.ingest.metrics,
    close: once(() => shutdown({ db, writer, httpServer, io, batcher, link, stopRetention, logger })),
  };
}

type StartedParts = Pick<RunningParts, 'writer'> &
  Partial<Pick<RunningParts, 'link' | 'stopRetention'>> & { http: HttpParts };

/** After a failed start: closes what was started, newest first. The caller closes the database. */
async function undoStart(parts: StartedParts): Promise<void> {
  const { writer, http, link, stopRetention } = parts;
  await stopRetention?.();
  http.io.disconnectSockets(true);
  http.io.engine.close();
  if (link) await closeDeviceLink(link);
  // What the gateway took in meanwhile is still written, and no timer outlives the database.
  http.batcher.flush();
  await writer.close().catch(() => undefined);
}

interface AppParts {
  config: FarolaConfig;
  logger: Logger;
  storage: Storage;
  index: DeviceIndex;
  writer: WriteBehind;
  projects: ProjectService;
  authenticate: Authenticate;
  http: HttpParts;
  link: DeviceLink;
}

function buildApp({ config, logger, storage, index, writer, projects, authenticate, http, link }: AppParts) {
  const { db, repositories } = storage;
  return createApp({
    config,
    logger,
    authenticate,
    projects,
    devices: new DeviceService({ devices: repositories.devices, events: repositories.events, projects, writer }),
    requests: new RequestService({ requests: repositories.requests, queue: link.queue, index, projects }),
    health: {
      devices: () => index.size,
      sockets: () => http.io.engine.clientsCount,
      mqtt: link.ingest.metrics,
      deviceLink: () => link.gateway.link,
      storage: () => ({ pending: writer.pending, quarantined: writer.quarantined }),
      database: db.kind,
      broker: link.broker.embedded ? 'embedded' : 'external',
    },
  });
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  return () => (running ??= fn());
}
