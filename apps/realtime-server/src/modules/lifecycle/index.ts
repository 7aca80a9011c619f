import type { FarolaModule } from '../../platform/module';
import { LifecycleRepository } from './lifecycle.repository';
import { lifecycleRoutes } from './lifecycle.routes';
import { LifecycleService } from './lifecycle.service';

declare module '../../platform/services' {
  interface ServiceMap {
    lifecycle: LifecycleService;
  }
}

/** Device lifecycle: status actions, installation follow-up, 'Disable devices', project moves. */
export const lifecycleModule: FarolaModule = {
  name: 'lifecycle',
  setup: ({ db, logger, services }) => {
    const requests = services.get('queuedRequests');
    const lifecycle = new LifecycleService({
      repository: new LifecycleRepository(db),
      devices: services.get('devices'),
      requests,
      events: services.get('deviceEvents'),
      projects: services.get('projects'),
      logger,
    });
    requests.onDone((request) => lifecycle.installed(request));
    return { routes: lifecycleRoutes(lifecycle), services: { lifecycle } };
  },
};
