import type { FarolaModule } from '../../platform/module';
import { HistoryRepository } from './history.repository';
import { historyRoutes } from './history.routes';
import { HistoryService } from './history.service';

/**
 * Logged data: the hourly records devices upload on `up/logs` when asked with `uploadLog`, stored
 * one row per device and hour, and `GET /devices/{id}/history`. The request itself ends DONE when
 * the device says so, through the requests module.
 */
export const historyModule: FarolaModule = {
  name: 'history',
  description: "Devices' logged hourly records (uploadLog)",
  migrations: new URL('./migrations/', import.meta.url),
  setup: ({ db, services, events }) => {
    const requests = services.get('queuedRequests');
    const history = new HistoryService({
      repository: new HistoryRepository(db),
      devices: services.get('devices'),
      requests,
    });
    events.on('RequestDone', (request) => history.installationReset(request));
    return {
      routes: historyRoutes(history),
      deviceMessages: { logs: ({ serialNumber, message }) => history.ingest(serialNumber, message) },
      health: { logs: () => ({ ...history.metrics }) },
    };
  },
};
