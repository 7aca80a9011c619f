import {
  type CommandRequest,
  type DownCommandMessage,
  type DownMessage,
  ERRORS,
  type QueuedRequest,
  type UpCommandMessage,
} from '@farola/protocol';
import type { Logger } from 'pino';
import { DomainError } from '../../platform/domain-error';
import type { DeviceEventPublisher } from '../../realtime/device-events';
import type { DeviceIndex } from '../devices/device-index';
import type { DeviceIndexEntry } from '../devices/device.repository';
import { GroupedUpdates } from './grouped-updates';
import type { RequestInsert, RequestRepository } from './request.repository';

export interface CommandQueueDeps {
  requests: RequestRepository;
  index: DeviceIndex;
  events: DeviceEventPublisher;
  /** Publishes on the device's `down/commands` topic. */
  publish: (serialNumber: string, message: DownMessage) => Promise<void>;
  logger: Logger;
  attemptTimeoutMs: number;
  maxAttempts: number;
  /** Follows up a request the device completed (DONE), once it is stored and announced. */
  onDone?: (request: QueuedRequest) => Promise<void>;
  /** Told of every request that reached its end state (DONE, ERROR, CANCELLED), once it is stored. */
  onFinished?: (request: QueuedRequest) => void;
}

/** One command for one device, as `submitMany` takes it. */
export interface CommandSubmission {
  device: DeviceIndexEntry;
  body: CommandRequest;
}

/**
 * Queued requests from acceptance to their end state. A request is stored before it is sent;
 * silence for `attemptTimeoutMs` after a delivery re-sends it with attempt + 1, up to
 * `maxAttempts`, then ends it in ERROR 'Request timed out'. Changes to one request are applied
 * one at a time, so a late answer and a timeout never race.
 */
export class CommandQueue {
  private readonly active = new Map<string, QueuedRequest>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly chains = new Map<string, Promise<void>>();
  /** The parameters to send for requests whose stored `params` mask a secret. */
  private readonly deliveryParams = new Map<string, Record<string, unknown>>();
  /** Set by close(): from then on nothing is sent and no timer is started. */
  private closed = false;
  /** Changes to requests, written many to a statement when answers come in bursts. */
  private readonly updates: GroupedUpdates;

  constructor(private readonly deps: CommandQueueDeps) {
    this.updates = new GroupedUpdates((requests) => deps.requests.updateMany(requests));
  }

  /** Picks up the requests still in progress when the server last stopped. */
  async resume(): Promise<number> {
    const pending = await this.deps.requests.listInProgress();
    for (const { request, deliveryParams } of pending) {
      this.active.set(request.id, request);
      if (deliveryParams !== request.params) this.deliveryParams.set(request.id, deliveryParams);
      this.arm(request.id);
    }
    return pending.length;
  }

  async submit(device: DeviceIndexEntry, body: CommandRequest, requestedBy: string): Promise<QueuedRequest> {
    const [request] = await this.submitMany([{ device, body }], requestedBy);
    return request!;
  }

  /**
   * Stores many requests in one statement, then announces and sends each: what a bulk action
   * queues in batches (naming its job). Returns the requests in no particular order (one per submission).
   */
  async submitMany(
    submissions: readonly CommandSubmission[],
    requestedBy: string,
    bulkJobId: string | null = null,
  ): Promise<QueuedRequest[]> {
    if (this.closed) throw new DomainError('SERVICE_UNAVAILABLE', undefined, 'The command queue is shutting down');
    const inserts: RequestInsert[] = submissions.map(({ device, body }) => ({
      deviceId: device.id,
      projectId: device.projectId,
      command: body.command,
      params: body.params,
      status: 'IN_PROGRESS',
      progress: 0,
      attempt: 1,
      error: null,
      detail: null,
      requestedBy,
      finishedAt: null,
      bulkJobId,
    }));
    const requests = await this.deps.requests.insertMany(inserts);
    const sent = new Map(submissions.map(({ device, body }) => [device.id, body.params]));
    for (const request of requests) {
      this.active.set(request.id, request);
      const clear = sent.get(request.deviceId);
      if (clear && JSON.stringify(clear) !== JSON.stringify(request.params)) this.deliveryParams.set(request.id, clear);
      this.emit(request);
      this.deliver(request);
    }
    return requests;
  }

  /**
   * Devices moved to another project (their stored requests already carry it): the requests in
   * progress here take it too, so that what they announce from now on reaches the new project.
   */
  moved(deviceIds: readonly string[], projectId: string): void {
    const moved = new Set(deviceIds);
    for (const [id, request] of this.active) {
      if (moved.has(request.deviceId) && request.projectId !== projectId)
        this.active.set(id, { ...request, projectId });
    }
  }

  /** Whether a request is still in progress here. */
  isActive(id: string): boolean {
    return this.active.has(id);
  }

  /** Applies a device's answer. Resolves false for a request this server never issued. */
  async onDeviceAnswer(device: DeviceIndexEntry, message: UpCommandMessage): Promise<boolean> {
    const request = this.active.get(message.requestId);
    // Answers for finished requests are ignored; for unknown ids the caller counts a rejection.
    if (!request) return this.deps.requests.exists(message.requestId);
    if (request.deviceId !== device.id) return false;
    await this.serialize(request.id, () => this.applyAnswer(message));
    return true;
  }

  async cancel(request: QueuedRequest): Promise<QueuedRequest> {
    let cancelled: QueuedRequest | null = null;
    await this.serialize(request.id, async () => {
      const current = this.active.get(request.id);
      if (!current) return;
      cancelled = await this.finish(current, { status: 'CANCELLED' });
      this.withdraw(current);
    });
    if (!cancelled) throw new DomainError('QUEUED_COMMAND_FINISHED');
    return cancelled;
  }

  /**
   * Stops sending, waits for changes under way, then stops every timer; in-progress requests resume
   * at next start. Timers go last because a change finishing meanwhile would otherwise re-arm one.
   */
  async close(): Promise<void> {
    this.closed = true;
    while (this.chains.size > 0) await Promise.all(this.chains.values());
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private async applyAnswer(message: UpCommandMessage): Promise<void> {
    const current = this.active.get(message.requestId);
    if (!current) return;
    const detail = message.detail ?? current.detail;
    if (message.status === 'IN_PROGRESS') {
      const updated = await this.updates.update({ ...current, progress: message.progress, detail });
      this.active.set(updated.id, updated);
      this.emit(updated);
      this.arm(updated.id);
      return;
    }
    if (message.status === 'DONE') {
      const done = await this.finish(current, { status: 'DONE', progress: 100, detail });
      await this.deps.onDone?.(done);
      return;
    }
    // An installation failure names its reason, a code of the catalogue; other errors the device's code.
    const reason = message.error?.reason;
    const code = reason ?? (`DEVICE_ERROR_${message.error?.code ?? 'NOT_ACCEPTABLE'}` as const);
    await this.finish(current, {
      status: 'ERROR',
      progress: message.progress,
      detail,
      error: { code, message: reason ? ERRORS[reason].message : (message.error?.message ?? ERRORS[code].message) },
    });
  }

  private async onSilence(id: string): Promise<void> {
    const current = this.active.get(id);
    // A silence that waited behind a change still under way at close is for the next start.
    if (!current || this.closed) return;
    if (current.attempt < this.deps.maxAttempts) {
      const retried = await this.updates.update({ ...current, attempt: current.attempt + 1 });
      this.active.set(id, retried);
      this.emit(retried);
      this.deliver(retried);
      return;
    }
    await this.finish(current, {
      status: 'ERROR',
      error: { code: 'REQUEST_TIMED_OUT', message: ERRORS.REQUEST_TIMED_OUT.message },
    });
  }

  private async finish(current: QueuedRequest, change: Partial<QueuedRequest>): Promise<QueuedRequest> {
    const finished = await this.updates.update({ ...current, ...change, finishedAt: new Date().toISOString() });
    this.active.delete(finished.id);
    this.deliveryParams.delete(finished.id);
    this.disarm(finished.id);
    this.emit(finished);
    this.deps.onFinished?.(finished);
    return finished;
  }

  private deliver(request: QueuedRequest): void {
    if (this.closed) return;
    const device = this.deps.index.id(request.deviceId);
    this.arm(request.id);
    if (!device) return;
    const message: DownCommandMessage = {
      requestId: request.id,
      command: request.command,
      params: this.deliveryParams.get(request.id) ?? request.params,
      attempt: request.attempt,
      ts: new Date().toISOString(),
    };
    // Delivery failures are retried by the silence timer like a lost message.
    this.deps.publish(device.serialNumber, message).catch((error: unknown) => {
      this.deps.logger.warn({ err: error, requestId: request.id }, 'could not publish command');
    });
  }

  /**
   * Tells the device to stop a cancelled request, so that a cancelled download or upgrade never
   * changes it. Sent once: a device that missed it (offline) has nothing running for it, and a
   * late answer for the request is ignored as for any finished one.
   */
  private withdraw(request: QueuedRequest): void {
    const device = this.deps.index.id(request.deviceId);
    if (!device || this.closed) return;
    const message: DownMessage = { requestId: request.id, cancel: true, ts: new Date().toISOString() };
    this.deps.publish(device.serialNumber, message).catch((error: unknown) => {
      this.deps.logger.warn({ err: error, requestId: request.id }, 'could not publish the cancellation');
    });
  }

  private emit(request: QueuedRequest): void {
    this.deps.events.publish('DeviceCommandRequested', {
      deviceId: request.deviceId,
      projectId: request.projectId,
      ts: request.updatedAt,
      request,
    });
  }

  private arm(id: string): void {
    this.disarm(id);
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(id);
      if (this.closed) return;
      void this.serialize(id, () => this.onSilence(id));
    }, this.deps.attemptTimeoutMs);
    this.timers.set(id, timer);
  }

  private disarm(id: string): void {
    const timer = this.timers.get(id);
    if (timer) clearTimeout(timer);
    this.timers.delete(id);
  }

  private serialize(id: string, work: () => Promise<void>): Promise<void> {
    const next = (this.chains.get(id) ?? Promise.resolve()).then(work).catch((error: unknown) => {
      this.deps.logger.error({ err: error, requestId: id }, 'queued request change failed');
    });
    this.chains.set(id, next);
    void next.then(() => {
      if (this.chains.get(id) === next) this.chains.delete(id);
    });
    return next;
  }
}
