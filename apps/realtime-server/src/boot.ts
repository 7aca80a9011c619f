import pino, { type Logger } from 'pino';
import { type Authenticate, createAuthenticator } from './auth/authenticator';
import type { User } from './auth/user';
import type { FarolaConfig } from './config';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { DeviceLink } from './device-link/device-link';
import type { MqttMetrics } from './device-link/router';
import { createHttpApp } from './http/app';
import type { Route } from './http/define-route';
import { HttpServer } from './http/http-server';
import { socketHandshakeLimit } from './http/rate-limits';
import { MODULES } from './modules/module-list';
import { EventBus } from './platform/events';
import { Lifecycle } from './platform/lifecycle';
import type { FarolaModule, SocketScope } from './platform/module';
import { type ServiceName, ServiceRegistry } from './platform/services';
import { createRealtime } from './realtime/realtime';

export interface FarolaServer {
  httpUrl: string;
  mqttUrl: string;
  port: number;
  mqttPort: number;
  metrics: MqttMetrics;
  /** What the modules offer each other; tests provision devices through it. */
  services: ServiceRegistry;
  /** The parts running, in the order `close()` stops them. */
  readonly stopOrder: readonly string[];
  /** Stops gracefully: nothing accepted is lost. */
  close(): Promise<void>;
}

export interface StartOptions {
  logger?: Logger;
  /** The features to run; modules/module-list.ts by default. */
  modules?: readonly FarolaModule[];
}

/** Every module's migration folder, in module order. */
export function migrationFolders(modules: readonly FarolaModule[]): URL[] {
  return modules.flatMap((module) => (module.migrations ? [module.migrations] : []));
}

/**
 * Starts the whole back end through one lifecycle stack: the database (migrated with every
 * module's migrations), Socket.IO, the MQTT broker, then each module in list order (its services
 * offered, its background parts started), then the server's MQTT client, and last the HTTP
 * listener. `close()` stops them in reverse: no new work first (HTTP and sockets, device messages),
 * then the modules' parts (the command queue drains, the write-behind writes what was accepted),
 * the broker, and the database last. A start failing half-way stops what had started.
 *
 * @example
 * const server = await startFarolaServer(loadConfig({ PORT: '0', DATA_DIR: 'memory://', MQTT_PORT: '0', AUTH_DISABLED: 'true' }));
 * await fetch(`${server.httpUrl}/lighting/api/health`);
 * await server.close();
 */
export async function startFarolaServer(config: FarolaConfig, options: StartOptions = {}): Promise<FarolaServer> {
  const logger = options.logger ?? pino({ level: config.logLevel });
  const modules = options.modules ?? MODULES;
  const stack = new Lifecycle(logger);
  const db = await stack.acquire(
    'database',
    () => openDatabase(config),
    (opened) => opened.close(),
  );
  await stack.guard('migrations', () => migrate(db, migrationFolders(modules)));

  const verify = createAuthenticator(config);
  const onAuthenticated: ((user: User) => void)[] = [];
  const authenticate: Authenticate = async (token) => {
    const user = await verify(token);
    for (const tell of onAuthenticated) tell(user);
    return user;
  };
  const services = new ServiceRegistry();
  const bus = new EventBus(logger);
  const http = new HttpServer();
  // Offered by the modules as they are set up (`socketScope`); sockets connect once HTTP listens.
  const scope: Partial<SocketScope> = {};
  const offered = <K extends keyof SocketScope>(name: K): SocketScope[K] => {
    const answer = scope[name];
    if (!answer) throw new Error(`no module offers the socket scope's ${name}`);
    return answer;
  };
  const realtime = createRealtime(http.server, config, {
    authenticate,
    // Sockets join the streams of the projects their user may see.
    projects: { visibleProjectIds: (user) => offered('visibleProjectIds')(user) },
    devices: { projectOf: (deviceId) => offered('projectOf')(deviceId) },
    jobs: {
      loadJobs: (jobIds) => offered('loadJobs')(jobIds),
      projectsOfJob: (jobId) => offered('projectsOfJob')(jobId),
    },
    admitHandshake: socketHandshakeLimit(config),
    logger,
  });
  // Stops after the modules: the command queue's last changes still reach the stream hub, then it flushes.
  await stack.start({ name: 'Socket.IO', stop: () => realtime.closeSockets() });
  const link = new DeviceLink(config, logger);
  await stack.start(link.brokerPart());

  const routes: Route[] = [];
  const tags: { name: string; description: string }[] = [];
  const health: Record<string, () => unknown> = {
    realtime: () => realtime.stats(),
    // The embedded broker's refusals by reason (an external broker keeps its own log).
    mqttRefused: () => link.refusals,
    // Domain event handlers that threw, by event and module (each logged when it happened).
    eventHandlerFailures: () => ({ ...bus.failures }),
  };
  for (const module of modules) {
    const parts = await stack.guard(`setting up module ${module.name}`, async () => {
      const contributed = await module.setup({
        config,
        logger: logger.child({ module: module.name }),
        db,
        services,
        authenticate,
        realtime: {
          hub: realtime.hub,
          accessChanged: (userId) => realtime.accessChanged(userId),
          recheckStreams: (names) => realtime.recheckStreams(names),
        },
        events: bus.forModule(module.name),
        deviceLink: link,
      });
      for (const [name, service] of Object.entries(contributed.services ?? {})) {
        services.offer(name as ServiceName, service as never);
      }
      return contributed;
    });
    for (const part of parts.parts ?? []) await stack.start(part);
    // Each route is tagged with its module in the API document.
    routes.push(...(parts.routes ?? []).map((route) => ({ ...route, tag: module.name })));
    if (parts.routes?.length) tags.push({ name: module.name, description: module.description });
    if (parts.deviceMessages) link.router.register(parts.deviceMessages);
    if (parts.onAuthenticated) onAuthenticated.push(parts.onAuthenticated);
    Object.assign(health, parts.health);
    for (const [name, answer] of Object.entries(parts.socketScope ?? {})) {
      if (name in scope) throw new Error(`module ${module.name} offers the socket scope's ${name} a second time`);
      Object.assign(scope, { [name]: answer });
    }
  }

  await stack.start(link.clientPart());
  const app = await stack.guard('building the HTTP app', () =>
    createHttpApp({
      config,
      logger,
      authenticate,
      routes,
      tags,
      health: {
        fields: () => Object.fromEntries(Object.entries(health).map(([name, read]) => [name, read()])),
        sockets: () => realtime.sockets(),
        mqtt: link.router.metrics,
        deviceLink: () => link.state,
        database: db.kind,
        broker: link.brokerKind,
      },
    }),
  );
  http.serve(app);
  let port = 0;
  await stack.start({
    name: 'HTTP and Socket.IO',
    start: async () => {
      port = await http.listen(config.port, config.host);
    },
    // Stops taking requests, closes the sockets (after their last batch), waits for requests in flight.
    stop: () => http.close(() => realtime.closeSockets()),
  });
  logger.info(
    { port, mqtt: link.url, database: db.kind, modules: modules.map((module) => module.name) },
    'Farola realtime-server started',
  );
  if (config.authDisabled) {
    logger.warn(
      { authDisabled: true },
      'AUTHENTICATION IS DISABLED (AUTH_DISABLED=true): every request and socket acts as the demo user with every permission on every project. For demos only; never expose this server.',
    );
  }

  return {
    httpUrl: `http://127.0.0.1:${port}`,
    mqttUrl: link.url,
    port,
    mqttPort: link.port,
    metrics: link.router.metrics,
    services,
    get stopOrder() {
      return stack.stopOrder;
    },
    close: async () => {
      await stack.stop();
      logger.info('Farola realtime-server stopped');
    },
  };
}
