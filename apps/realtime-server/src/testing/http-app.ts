import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import type { Authenticate } from '../auth/authenticator';
import { loadConfig } from '../config';
import { createHttpApp } from '../http/app';
import type { Route } from '../http/define-route';

export interface StartedHttpApp {
  /** `http://127.0.0.1:PORT` */
  url: string;
  close: () => Promise<void>;
}

/**
 * The HTTP application alone (no database, broker or sockets) on a free port, configured from
 * `env` like the server, with the routes and the authentication a test gives it.
 */
export async function startHttpApp(
  env: Record<string, string>,
  options: { authenticate: Authenticate; routes?: Route[] },
): Promise<StartedHttpApp> {
  const app = createHttpApp({
    config: loadConfig(env),
    logger: pino({ level: 'silent' }),
    authenticate: options.authenticate,
    routes: options.routes ?? [],
    health: {
      fields: () => ({}),
      sockets: () => 0,
      mqtt: { received: 0, accepted: 0, rejected: 0, futureTimestamps: 0 },
      deviceLink: () => ({ connected: true, since: new Date().toISOString() }),
      database: 'pglite',
      broker: 'embedded',
    },
  });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
