import compression from 'compression';
import express, { type Express } from 'express';
import type { Logger } from 'pino';
import type { FarolaConfig } from './config';
import { requireUser } from './http/auth.middleware';
import { consoleStatic } from './http/console-static';
import { apiNotFound, errorHandler } from './http/error-handler';
import { openApiDocument } from './http/openapi';
import { deviceRoutes } from './routes/device.routes';
import { projectRoutes } from './routes/project.routes';
import { requestRoutes } from './routes/request.routes';
import { type HealthSource, systemRoutes } from './routes/system.routes';
import type { Authenticate } from './services/auth.service';
import type { DeviceService } from './services/device.service';
import type { ProjectService } from './services/project.service';
import type { RequestService } from './services/request.service';

export interface AppDeps {
  config: FarolaConfig;
  logger: Logger;
  authenticate: Authenticate;
  projects: ProjectService;
  devices: DeviceService;
  requests: RequestService;
  health: HealthSource;
}

/** The HTTP application: API under /lighting/api, the config script, and the console. */
export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      deps.logger.debug({ method: req.method, url: req.originalUrl, status: res.statusCode, ms }, 'request');
    });
    next();
  });
  // API answers and any file without a precompressed twin; what is already encoded passes as is.
  app.use(compression());
  app.use(systemRoutes(deps.config, deps.health));
  const document = openApiDocument();
  app.get('/lighting/api/v1/openapi.json', (_req, res) => {
    res.json(document);
  });
  const api = express.Router();
  api.use(express.json({ limit: '1mb' }));
  api.use(requireUser(deps.authenticate));
  api.use(projectRoutes(deps.projects));
  api.use(deviceRoutes(deps.devices, deps.requests));
  api.use(requestRoutes(deps.requests));
  app.use('/lighting/api/v1', api);
  app.use('/lighting/api', apiNotFound);
  app.use(consoleStatic(deps.config.consoleDir));
  app.use(errorHandler(deps.logger));
  return app;
}
