import { streams } from '@farola/protocol';
import type { FarolaModule } from '../../platform/module';
import { BULK_KIND } from './bulk-actions';
import { bulkKind } from './bulk-kind';
import { bulkRoutes } from './bulk.routes';
import { BulkService, toBulkJob } from './bulk.service';

/** Bulk actions: one job per action on many devices (a kind of the jobs engine), followed to each device's outcome. */
export const bulkModule: FarolaModule = {
  name: 'bulk',
  description: 'Bulk actions: one job per action on many devices, with an outcome per device',
  setup: ({ services, events, realtime }) => {
    const { index } = services.get('devices');
    const requests = services.get('queuedRequests');
    const lifecycle = services.get('lifecycle');
    const jobs = services.get('jobs');
    jobs.register(bulkKind({ index, requests, lifecycle }));
    // Progress on the job's own stream, to whoever follows it (and sees every one of its projects).
    events.on('JobUpdated', (job) => {
      if (job.kind === BULK_KIND) realtime.hub.publish(streams.job(job.id), 'BulkJobUpdated', toBulkJob(job));
    });
    const bulk = new BulkService({ jobs, index, projects: services.get('projects'), requests, lifecycle });
    return { routes: bulkRoutes(bulk) };
  },
};
