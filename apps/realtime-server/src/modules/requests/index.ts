import { COMMAND_DEVICE_WAIT_MS } from '@farola/protocol';
import { ALL_PROJECTS } from '../../db/rows';
import { MessageRejection } from '../../device-link/router';
import type { FarolaModule } from '../../platform/module';
import { retentionPart } from '../../platform/retention';
import { CommandQueue } from './command-queue';
export type { QueuedRequestsService } from './contract';
import { RequestRepository } from './request.repository';
import { requestRoutes } from './request.routes';
import { commandRefusal, RequestService } from './request.service';

/**
 * Commands and queued requests: accepted over HTTP, stored before they are sent, sent while the
 * device is connected (re-sent on silence) and held while it is not, moved to their end state by
 * the devices' answers on `up/commands`.
 */
export const requestsModule: FarolaModule = {
  name: 'requests',
  description: 'Commands and the queued requests that carry them to the devices',
  migrations: new URL('./migrations/', import.meta.url),
  setup: ({ db, config, logger, services, events, deviceLink }) => {
    const devices = services.get('devices');
    const projects = services.get('projects');
    const repository = new RequestRepository(db);
    const queue = new CommandQueue({
      requests: repository,
      index: devices.index,
      events: services.get('deviceEvents'),
      publish: (serial, message) => deviceLink.publishCommand(serial, message),
      logger,
      attemptTimeoutMs: config.commandAttemptTimeoutMs,
      maxAttempts: config.commandMaxAttempts,
      waitMs: (command) => config.commandDeviceWaitMs ?? COMMAND_DEVICE_WAIT_MS[command],
      onFinished: (request) => void events.emit('RequestFinished', request),
      onDone: (request) => events.emit('RequestDone', request),
    });
    // A device's connection change (its own message, its gateway's will, a registration) moves its requests.
    events.on('DeviceConnectionStatusUpdated', ({ deviceId, connected }) =>
      queue.connectionChanged(deviceId, connected),
    );
    const requests = new RequestService({ requests: repository, queue, index: devices.index, projects });
    return {
      routes: requestRoutes(requests),
      services: {
        queuedRequests: {
          find: (id) => repository.get(id, ALL_PROJECTS),
          latestOf: (deviceId, commands) => repository.latestOf(deviceId, commands),
          refusal: (device, command) => commandRefusal(device, command, devices.index),
          submitMany: (submissions, requestedBy, bulkJobId) =>
            queue.submitMany(submissions, requestedBy ?? 'system', bulkJobId ?? null),
          cancel: async (id) => {
            const request = await repository.get(id, ALL_PROJECTS);
            if (!request || request.status !== 'IN_PROGRESS') return false;
            return queue.cancel(request).then(
              () => true,
              () => false,
            );
          },
          ofBulkJob: (jobId, deviceIds) => repository.ofBulkJob(jobId, deviceIds),
          states: (ids) => repository.states(ids),
          isActive: (id) => queue.isActive(id),
          inProgressOf: (deviceIds, command) => repository.inProgressOf(deviceIds, command),
          supersededBy: (request) => repository.supersededBy(request),
          moved: async (deviceIds, projectId) => {
            await repository.moveInProgress(deviceIds, projectId);
            queue.moved(deviceIds, projectId);
          },
        },
      },
      deviceMessages: {
        commands: async ({ serialNumber, message }) => {
          const known = await queue.onDeviceAnswer(await devices.resolve(serialNumber), message);
          if (!known) throw new MessageRejection({ reason: 'unknown request', requestId: message.requestId });
        },
      },
      parts: [
        {
          name: 'command queue',
          start: async () => {
            await queue.resume();
          },
          stop: () => queue.close(),
        },
        retentionPart(
          {
            what: 'finished requests',
            tables: ['queued_requests'],
            days: config.requestRetentionDays,
            purge: (cutoff) => repository.deleteFinishedBefore(cutoff),
          },
          db,
          logger,
        ),
      ],
    };
  },
};
