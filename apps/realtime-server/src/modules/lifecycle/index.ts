import type { FarolaModule } from '../../platform/module';
import { InstallationFollowUp } from './installation-follow-up';
import { LifecycleRepository } from './lifecycle.repository';
import { lifecycleRoutes } from './lifecycle.routes';
import { LifecycleService } from './lifecycle.service';

declare module '../../platform/services' {
  interface ServiceMap {
    lifecycle: LifecycleService;
  }
}

/**
 * Device lifecycle: status actions, installation follow-up (in operation, failed, reset), 'Disable
 * devices', project moves.
 */
export const lifecycleModule: FarolaModule = {
  name: 'lifecycle',
  setup: ({ db, logger, services }) => {
    const requests = services.get('queuedRequests');
    const repository = new LifecycleRepository(db);
    const devices = services.get('devices');
    const events = services.get('deviceEvents');
    const lifecycle = new LifecycleService({
      repository,
      devices,
      requests,
      events,
      projects: services.get('projects'),
      logger,
    });
    const installation = new InstallationFollowUp({ repository, devices, events });
    requests.onDone((request) => installation.done(request));
    requests.onFinished((request) => {
      installation
        .ended(request)
        .catch((error: unknown) =>
          logger.error({ err: error, requestId: request.id }, 'a failed installation could not be recorded'),
        );
    });
    return { routes: lifecycleRoutes(lifecycle), services: { lifecycle } };
  },
};
