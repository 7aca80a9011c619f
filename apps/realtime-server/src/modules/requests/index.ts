import { COMMAND_DEVICE_WAIT_MS, type CommandName, type ErrorCode, type QueuedRequest } from '@farola/protocol';
import type { DeviceIndexEntry } from '../devices/device.repository';
import { ALL_PROJECTS } from '../../db/rows';
import { MessageRejection } from '../../device-link/router';
import type { FarolaModule } from '../../platform/module';
import { CommandQueue, type CommandSubmission } from './command-queue';
import { RequestRepository } from './request.repository';
import { requestRoutes } from './request.routes';
import { commandRefusal, RequestService } from './request.service';

/** What the requests module offers later modules. */
export interface QueuedRequestsService {
  /** A queued request by id in any project (a device message naming one), or null. */
  find(id: string): Promise<QueuedRequest | null>;
  /** Calls `listener` with each request a device completes (DONE), after it is stored. */
  onDone(listener: (request: QueuedRequest) => Promise<void>): void;
  /** Calls `listener` with each request that reached its end state (DONE, ERROR, CANCELLED). */
  onFinished(listener: (request: QueuedRequest) => void): void;
  /** Why this command cannot be queued for this device now, or null (the single-command rules). */
  refusal(device: DeviceIndexEntry, command: CommandName): ErrorCode | null;
  /**
   * Queues many commands in one batch (already checked with `refusal`); one request per submission,
   * stored with the bulk job that queued them, if any.
   */
  submitMany(
    submissions: readonly CommandSubmission[],
    requestedBy: string | null,
    bulkJobId?: string | null,
  ): Promise<QueuedRequest[]>;
  /** Cancels a request still in progress; resolves false when it had already ended. */
  cancel(id: string): Promise<boolean>;
  /** Whether a request is still in progress. */
  isActive(id: string): boolean;
  /** Devices moved to another project (their stored requests too): requests in progress follow them. */
  moved(deviceIds: readonly string[], projectId: string): void;
}

declare module '../../platform/services' {
  interface ServiceMap {
    queuedRequests: QueuedRequestsService;
  }
}

/**
 * Commands and queued requests: accepted over HTTP, stored before they are sent, sent while the
 * device is connected (re-sent on silence) and held while it is not, moved to their end state by
 * the devices' answers on `up/commands`.
 */
export const requestsModule: FarolaModule = {
  name: 'requests',
  migrations: new URL('./migrations/', import.meta.url),
  setup: ({ db, config, logger, services, deviceLink }) => {
    const devices = services.get('devices');
    const projects = services.get('projects');
    const repository = new RequestRepository(db);
    const doneListeners: Array<(request: QueuedRequest) => Promise<void>> = [];
    const finishedListeners: Array<(request: QueuedRequest) => void> = [];
    const queue = new CommandQueue({
      requests: repository,
      index: devices.index,
      events: services.get('deviceEvents'),
      publish: (serial, message) => deviceLink.publishCommand(serial, message),
      logger,
      attemptTimeoutMs: config.commandAttemptTimeoutMs,
      maxAttempts: config.commandMaxAttempts,
      waitMs: (command) => config.commandDeviceWaitMs ?? COMMAND_DEVICE_WAIT_MS[command],
      onFinished: (request) => {
        for (const listener of finishedListeners) listener(request);
      },
      onDone: async (request) => {
        for (const listener of doneListeners) {
          await listener(request).catch((error: unknown) =>
            logger.error({ err: error, requestId: request.id }, 'a completed request could not be followed up'),
          );
        }
      },
    });
    // A device's connection change (its own message, its gateway's will, a registration) moves its requests.
    services
      .get('deviceEvents')
      .on('DeviceConnectionStatusUpdated', ({ deviceId, connected }) => queue.connectionChanged(deviceId, connected));
    const requests = new RequestService({ requests: repository, queue, index: devices.index, projects });
    return {
      routes: requestRoutes(requests),
      services: {
        queuedRequests: {
          find: (id) => repository.get(id, ALL_PROJECTS),
          onDone: (listener) => void doneListeners.push(listener),
          onFinished: (listener) => void finishedListeners.push(listener),
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
          isActive: (id) => queue.isActive(id),
          moved: (deviceIds, projectId) => queue.moved(deviceIds, projectId),
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
      ],
    };
  },
};
