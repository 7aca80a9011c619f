import type { FarolaModule } from '../../platform/module';
import { retentionPart } from '../../platform/retention';
import type { JobsService } from './contract';
import { JobOwners } from './job-owners';
import { JobRunner } from './job-runner';
import { JobRepository } from './job.repository';
import { requestSettle } from './request-items';

/**
 * Durable jobs: long operations over many items (bulk actions first), run by a `JobKind` each,
 * claimed in batches with leases, resumed after a restart, their progress sent as `JobUpdated`.
 */
export const jobsModule: FarolaModule = {
  name: 'jobs',
  description: 'Durable jobs over many items, with an outcome per item',
  migrations: new URL('./migrations/', import.meta.url),
  setup: ({ db, config, logger, events }) => {
    const repository = new JobRepository(db);
    const runner = new JobRunner({ repository, updated: (job) => events.emit('JobUpdated', job), logger });
    const owners = new JobOwners(repository);
    // An item that follows a queued request (a bulk command, a schedule sent to a light point) ends
    // with it, whichever kind's job it belongs to.
    events.on('RequestFinished', (request) => {
      const settle = requestSettle(request);
      if (settle) runner.settle([settle]);
    });
    const jobs: JobsService = {
      register: (kind) => runner.register(kind),
      create: async (job, items) => {
        const id = await repository.create(job, items);
        owners.remember(id, job.projectIds);
        runner.launch(id);
        return id;
      },
      get: (kind, id, visible) => repository.get(id, visible, kind),
      list: (kind, query, visible) => repository.list(kind, query, visible),
      items: (jobId, query) => repository.items(jobId, query),
      settle: (settles) => runner.settle(settles),
      cancel: async (jobId) => {
        await runner.cancel(jobId);
      },
    };
    return {
      services: { jobs },
      // Who may follow a job's stream: whoever sees every one of its projects.
      socketScope: { loadJobs: (ids) => owners.loadJobs(ids), projectsOfJob: (id) => owners.projectsOfJob(id) },
      parts: [
        { name: 'jobs', start: () => runner.start(), stop: () => runner.close() },
        retentionPart(
          {
            what: 'finished jobs',
            tables: ['jobs', 'job_items'],
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
