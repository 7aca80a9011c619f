import type { FarolaModule } from '../../platform/module';
import { retentionPart } from '../../platform/retention';
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
  setup: ({ db, config, logger, services, events }) => {
    const requests = services.get('queuedRequests');
    const repository = new HistoryRepository(db);
    const history = new HistoryService({
      repository,
      devices: services.get('devices'),
      requests,
    });
    events.on('RequestDone', (request) => history.installationReset(request));
    return {
      routes: historyRoutes(history),
      deviceMessages: { logs: ({ serialNumber, message }) => history.ingest(serialNumber, message) },
      health: { logs: () => ({ ...history.metrics }) },
      parts: [
        retentionPart(
          {
            what: 'logged records',
            tables: ['device_log_records'],
            days: config.logRetentionDays,
            purge: (cutoff) => repository.deleteOlderThan(cutoff),
          },
          db,
          logger,
        ),
      ],
    };
  },
};
