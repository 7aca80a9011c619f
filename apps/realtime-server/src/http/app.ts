import compression from 'compression';
import express, { type Express } from 'express';
import type { Logger } from 'pino';
import type { Authenticate } from '../auth/authenticator';
import type { FarolaConfig } from '../config';
import { requireUser } from './auth.middleware';
import { consoleStatic } from './console-static';
import { apiCors } from './cross-origin';
import { type Route, mountRoutes } from './define-route';
import { apiNotFound, errorHandler } from './error-handler';
import { openApiDocument } from './openapi';
import { apiRateLimits } from './rate-limits';
import { securityHeaders } from './security-headers';
import { type HealthSource, systemRoutes } from './system.routes';

export interface HttpAppOptions {
  config: FarolaConfig;
  logger: Logger;
  authenticate: Authenticate;
  /** Every module's routes, mounted under /lighting/api/v1 behind authentication. */
  routes: readonly Route[];
  /** The modules that contributed routes, described, for the document's tags. */
  tags?: readonly { name: string; description: string }[];
  health: HealthSource;
}

/**
 * The HTTP application: API under /lighting/api, the config script, and the console, every answer
 * with the security headers (security-headers.ts). The API answers cross-origin only to
 * `CORS_ORIGINS`, counts requests against the rate limits (rate-limits.ts) and reads JSON bodies up
 * to `HTTP_BODY_LIMIT`, after authentication, so that no anonymous caller makes it parse one.
 */
export function createHttpApp(options: HttpAppOptions): Express {
  const { config, logger, authenticate, routes, health } = options;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.debug({ method: req.method, url: req.originalUrl, status: res.statusCode, ms }, 'request');
    });
    next();
  });
  app.use(securityHeaders(config));
  // API answers and any file without a precompressed twin; what is already encoded passes as is.
  app.use(compression());
  app.use('/lighting/api', apiCors(config.corsOrigins));
  // API answers are live data of the user's projects: no browser or proxy keeps a copy (at 100,000
  // devices the fleet's answer alone is 3 MB a map load would write to the browser's disk cache).
  // A route that may be kept (a photo) says so itself.
  app.use('/lighting/api', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  app.use(systemRoutes(config, health, authenticate));
  const document = openApiDocument(routes, options.tags ?? []);
  app.get('/lighting/api/v1/openapi.json', (_req, res) => {
    res.json(document);
  });
  const limits = apiRateLimits(config);
  const api = express.Router();
  api.use(requireUser(authenticate, limits.authenticationFailures));
  api.use(limits.afterAuthentication);
  // A route whose body may be larger (a bulk action names up to 100,000 devices) says so itself.
  for (const route of routes) {
    const limit = route.body?.limitBytes;
    if (limit) api[route.method](route.path, express.json({ limit: Math.max(config.httpBodyLimitBytes, limit) }));
  }
  api.use(express.json({ limit: config.httpBodyLimitBytes }));
  api.use(mountRoutes(routes));
  app.use('/lighting/api/v1', api);
  app.use('/lighting/api', apiNotFound);
  app.use(consoleStatic(config.consoleDir));
  app.use(errorHandler(logger));
  return app;
}
