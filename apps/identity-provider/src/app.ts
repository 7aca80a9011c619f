import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type ErrorRequestHandler } from 'express';
import { errors } from 'oidc-provider';
import { pino, type Logger } from 'pino';
import { createBruteForceGuard } from './brute-force';
import { issuerFor, type IdpConfig } from './config';
import { expiredPage, interactionRoutes } from './interaction-routes';
import { generateSigningKey, publicJwk } from './keys';
import { messagePage } from './pages/message-page';
import { createProvider } from './provider';
import { DEMO_REALM_DEFINITION } from './realm';
import { sessionRoutes } from './session-routes';
import { createUserStore, type UserStore } from './user-store';

export interface RunningIdentityProvider {
  /** Where it is reached: the configured public URL, or `http://localhost:{port}`. */
  url: string;
  /** `${url}/realms/farola`: what a client's `OAUTH_URL` + realm point at. */
  issuer: string;
  port: number;
  /** The realm's users (tests read and change passwords through it). */
  users: UserStore;
  close(): Promise<void>;
}

/**
 * The 4xx status of an error the request caused (a form past its size limit, a path that does not
 * decode, a body that does not parse), as express's parsers and router mark them; undefined for a
 * fault of ours.
 */
function clientErrorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status } = error as { status?: unknown };
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

function clientErrorPage(status: number): string {
  return status === 413
    ? messagePage('Request too large', 'The form sent was too large. Go back and try again.')
    : messagePage('Bad request', 'The identity provider could not read this request.');
}

function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (res.headersSent) return;
    if (error instanceof errors.SessionNotFound) {
      res.status(400).type('html').send(expiredPage());
      return;
    }
    const status = clientErrorStatus(error);
    if (status !== undefined) {
      logger.info({ status, method: req.method, path: req.path.slice(0, 200) }, 'request refused');
      res.status(status).set('Cache-Control', 'no-store').type('html').send(clientErrorPage(status));
      return;
    }
    logger.error({ err: error, method: req.method, path: req.path }, 'request failed');
    res.status(500).type('html').send(messagePage('Something went wrong', 'The identity provider could not answer.'));
  };
}

/**
 * Starts the development identity provider: the demo realm of Keycloak's shape at
 * `/realms/farola`, on `config.port` (0 picks a free one), with a new signing key.
 *
 * @example
 * const idp = await startIdentityProvider(loadIdpConfig({ IDP_PORT: '0' }));
 * // keycloak-js: new Keycloak({ url: idp.url, realm: 'farola', clientId: 'console' })
 * await idp.close();
 */
export async function startIdentityProvider(config: IdpConfig, logger?: Logger): Promise<RunningIdentityProvider> {
  const log = logger ?? pino({ name: 'identity-provider', level: config.logLevel });
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = config.publicUrl ?? `http://localhost:${port}`;
  const issuer = issuerFor(url);
  const realmPath = new URL(issuer).pathname;

  const signingKey = await generateSigningKey();
  const users = createUserStore(DEMO_REALM_DEFINITION.users);
  const provider = createProvider({ config, issuer, users, signingKey, logger: log });

  const app = express();
  app.disable('x-powered-by');
  app.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.use(realmPath, interactionRoutes(provider, users, createBruteForceGuard(DEMO_REALM_DEFINITION.bruteForce), log));
  app.use(
    realmPath,
    sessionRoutes({ provider, users, issuer, publicKey: publicJwk(signingKey), consoleOrigins: config.consoleOrigins }),
  );
  app.use(realmPath, provider.callback());
  app.use((_req, res) => {
    res.status(404).type('html').send(messagePage('Not found', 'There is no such page on the identity provider.'));
  });
  app.use(errorHandler(log));
  handle = app;

  log.info({ issuer, consoleRedirectUris: config.consoleRedirectUris }, 'identity provider ready');
  return {
    url,
    issuer,
    port,
    users,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
