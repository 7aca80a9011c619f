import type { FarolaModule } from '../../platform/module';
import { InstallationFollowUp } from './installation-follow-up';
import { LifecycleRepository } from './lifecycle.repository';
import { lifecycleRoutes } from './lifecycle.routes';
import { LifecycleService } from './lifecycle.service';

/**
 * Device lifecycle: status actions, installation follow-up (in operation, failed, reset), 'Disable
 * devices', project moves.
 */
export const lifecycleModule: FarolaModule = {
  name: 'lifecycle',
  description: "Devices' status: installation, revision, operation, disabling",
  setup: ({ db, logger, services, events }) => {
    const requests = services.get('queuedRequests');
    const repository = new LifecycleRepository(db);
    const devices = services.get('devices');
    const deviceEvents = services.get('deviceEvents');
    const lifecycle = new LifecycleService({
      repository,
      devices,
      requests,
      events: deviceEvents,
      projects: services.get('projects'),
      logger,
    });
    const installation = new InstallationFollowUp({ repository, devices, events: deviceEvents });
    events.on('RequestDone', (request) => installation.done(request));
    events.on('RequestFinished', (request) => installation.ended(request));
    return { routes: lifecycleRoutes(lifecycle), services: { lifecycle } };
  },
};
