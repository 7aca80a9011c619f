import type { FarolaModule } from '../../platform/module';
import { InstallationFollowUp } from './installation-follow-up';
import { lifecycleRoutes } from './lifecycle.routes';
import { LifecycleService } from './lifecycle.service';

/**
 * Device lifecycle: status actions, installation follow-up (in operation, failed, reset), 'Disable
 * devices', project moves.
 */
export const lifecycleModule: FarolaModule = {
  name: 'lifecycle',
  description: "Devices' status: installation, revision, operation, disabling",
  setup: ({ logger, services, events }) => {
    const requests = services.get('queuedRequests');
    const devices = services.get('devices');
    const deviceEvents = services.get('deviceEvents');
    const lifecycle = new LifecycleService({
      devices,
      requests,
      events: deviceEvents,
      projects: services.get('projects'),
      logger,
    });
    const installation = new InstallationFollowUp({ devices, requests, events: deviceEvents });
    events.on('RequestDone', (request) => installation.done(request));
    events.on('RequestFinished', (request) => installation.ended(request));
    return { routes: lifecycleRoutes(lifecycle), services: { lifecycle } };
  },
};
