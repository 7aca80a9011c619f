import type { FarolaModule } from '../../platform/module';
import { retentionPart } from '../../platform/retention';
import { BulkRunner } from './bulk-runner';
import { BulkRepository } from './bulk.repository';
import { bulkRoutes } from './bulk.routes';
import { BulkService } from './bulk.service';

/** Bulk actions: one server-side job per action on many devices, followed to each device's outcome. */
export const bulkModule: FarolaModule = {
  name: 'bulk',
  description: 'Bulk actions: one job per action on many devices, with an outcome per device',
  migrations: new URL('./migrations/', import.meta.url),
  setup: ({ db, config, logger, services, events, realtime }) => {
    const repository = new BulkRepository(db);
    const { index } = services.get('devices');
    const requests = services.get('queuedRequests');
    const lifecycle = services.get('lifecycle');
    const runner = new BulkRunner({
      repository,
      index,
      requests,
      lifecycle,
      notify: (job) => realtime.notifyProjects(job.projectIds, 'BulkJobUpdated', job),
      logger,
    });
    events.on('RequestFinished', (request) => runner.requestFinished(request));
    const bulk = new BulkService({
      repository,
      index,
      projects: services.get('projects'),
      requests,
      lifecycle,
      runner,
    });
    return {
      routes: bulkRoutes(bulk),
      parts: [
        {
          name: 'bulk jobs',
          start: async () => {
            await runner.resume();
          },
          stop: () => runner.close(),
        },
        retentionPart(
          {
            what: 'finished bulk jobs',
            tables: ['bulk_jobs', 'bulk_job_items'],
            days: config.bulkJobRetentionDays,
            purge: (cutoff) => repository.deleteFinishedBefore(cutoff),
          },
          db,
          logger,
        ),
      ],
    };
  },
};
