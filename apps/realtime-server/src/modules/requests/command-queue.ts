import {
  type CommandName,
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
import { ActiveRequests } from './active-requests';
import { GroupedUpdates } from './grouped-updates';
import type { RequestInsert, RequestRepository } from './request.repository';
import { RequestTimers } from './request-timers';

export interface CommandQueueDeps {
  requests: RequestRepository;
  index: DeviceIndex;
  events: DeviceEventPublisher;
  /** Publishes on the device's `down/commands` topic. */
  publish: (serialNumber: string, message: DownMessage) => Promise<void>;
  logger: Logger;
  attemptTimeoutMs: number;
  maxAttempts: number;
  /** How long after its creation a request of this command may wait for its disconnected device. */
  waitMs: (command: CommandName) => number;
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

const STAYED_DISCONNECTED = {
  code: 'DEVICE_STAYED_DISCONNECTED',
  message: ERRORS.DEVICE_STAYED_DISCONNECTED.message,
} as const;

/**
 * Queued requests from acceptance to their end state. A request is stored before it is sent, and
 * sent only while its device is connected: silence for `attemptTimeoutMs` after a delivery re-sends
 * it with attempt + 1, up to `maxAttempts`, then ends it in ERROR 'Request timed out'. For a
 * disconnected device it waits (`waitingForDevice`, no attempt spent, no silence timer) and is sent
 * the moment the device reconnects (`connectionChanged`); a device that drops during an attempt
 * stops its silence timer, and gets the same attempt again when it is back. A request still waiting
 * at its `waitUntil` (stored with it: a restart keeps it) ends in ERROR 'Device stayed disconnected'.
 * Changes to one request are applied one at a time, so a late answer and a timeout never race.
 */
export class CommandQueue {
  private readonly active = new ActiveRequests();
  private readonly timers = new RequestTimers();
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

  /**
   * Picks up the requests still in progress when the server last stopped: one that was being sent
   * to a connected device waits for its answer again; the others follow the device's connection.
   */
  async resume(): Promise<number> {
    const pending = await this.deps.requests.listInProgress();
    for (const { request, deliveryParams } of pending) {
      this.active.set(request);
      if (deliveryParams !== request.params) this.deliveryParams.set(request.id, deliveryParams);
      void this.serialize(request.id, () => this.start(request.id, true));
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
      waitingForDevice: !this.isConnected(device.id),
      waitMs: this.deps.waitMs(body.command),
      requestedBy,
      finishedAt: null,
      bulkJobId,
    }));
    const requests = await this.deps.requests.insertMany(inserts);
    const sent = new Map(submissions.map(({ device, body }) => [device.id, body.params]));
    for (const request of requests) {
      this.active.set(request);
      const clear = sent.get(request.deviceId);
      if (clear && JSON.stringify(clear) !== JSON.stringify(request.params)) this.deliveryParams.set(request.id, clear);
      this.emit(request);
      // The connection is read again: the device may have come or gone while the requests were stored.
      void this.serialize(request.id, () => this.start(request.id, false));
    }
    return requests;
  }

  /**
   * A device connected or disconnected: each of its requests that waited is sent at once; each that
   * was being sent stops its silence timer and waits for the device to be back. Applied in the order
   * the changes came, after whatever else is under way for each request.
   */
  connectionChanged(deviceId: string, connected: boolean): void {
    for (const id of this.active.idsOf(deviceId)) {
      void this.serialize(id, () => (connected ? this.reconnected(id) : this.disconnected(id)));
    }
  }

  /**
   * Devices moved to another project (their stored requests already carry it): the requests in
   * progress here take it too, so that what they announce from now on reaches the new project.
   */
  moved(deviceIds: readonly string[], projectId: string): void {
    const moved = new Set(deviceIds);
    for (const request of [...this.active.values()]) {
      if (moved.has(request.deviceId) && request.projectId !== projectId) this.active.set({ ...request, projectId });
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
    this.timers.clearAll();
  }

  /**
   * Sends a new or resumed request if its device is connected (a resumed one that was being sent
   * waits for its answer again), or makes it wait for the device.
   */
  private async start(id: string, resumed: boolean): Promise<void> {
    const current = this.active.get(id);
    if (!current || this.closed) return;
    if (!this.isConnected(current.deviceId)) return this.waitForDevice(current);
    if (current.waitingForDevice) this.deliver(await this.store({ ...current, waitingForDevice: false }));
    else if (resumed) this.armSilence(id);
    else this.deliver(current);
  }

  private async reconnected(id: string): Promise<void> {
    const current = this.active.get(id);
    if (!current?.waitingForDevice || this.closed) return;
    this.deliver(await this.store({ ...current, waitingForDevice: false }));
  }

  private async disconnected(id: string): Promise<void> {
    const current = this.active.get(id);
    if (!current || this.closed) return;
    await this.waitForDevice(current);
  }

  /**
   * Holds a request until its device reconnects: no silence timer (a device that is gone cannot
   * answer), the attempt under way not spent; ends it at once if its wait is over already.
   */
  private async waitForDevice(current: QueuedRequest): Promise<void> {
    this.timers.clear(current.id);
    if (Date.parse(current.waitUntil) <= Date.now()) {
      await this.finish(current, { status: 'ERROR', error: STAYED_DISCONNECTED });
      return;
    }
    const waiting = current.waitingForDevice ? current : await this.store({ ...current, waitingForDevice: true });
    this.armWait(waiting);
  }

  private armWait(request: QueuedRequest): void {
    if (this.closed) return;
    this.timers.at(request.id, Date.parse(request.waitUntil), () => {
      if (!this.closed) void this.serialize(request.id, () => this.onWaitOver(request.id));
    });
  }

  /** The wait is over: still disconnected, the request fails; connected (a change missed), it is sent. */
  private async onWaitOver(id: string): Promise<void> {
    const current = this.active.get(id);
    if (!current?.waitingForDevice || this.closed) return;
    if (this.isConnected(current.deviceId)) await this.reconnected(id);
    else await this.finish(current, { status: 'ERROR', error: STAYED_DISCONNECTED });
  }

  private async applyAnswer(message: UpCommandMessage): Promise<void> {
    const current = this.active.get(message.requestId);
    if (!current) return;
    const detail = message.detail ?? current.detail;
    if (message.status === 'IN_PROGRESS') {
      // An answer shows the device at work; it waits on only while its reconnection is still to come.
      const waitingForDevice = current.waitingForDevice && !this.isConnected(current.deviceId);
      const updated = await this.store({ ...current, progress: message.progress, detail, waitingForDevice });
      if (waitingForDevice) this.armWait(updated);
      else this.armSilence(updated.id);
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
    // Dropped during the attempt (the change is still to come): not an attempt spent.
    if (!this.isConnected(current.deviceId)) return this.waitForDevice(current);
    if (current.attempt < this.deps.maxAttempts) {
      this.deliver(await this.store({ ...current, attempt: current.attempt + 1 }));
      return;
    }
    await this.finish(current, {
      status: 'ERROR',
      error: { code: 'REQUEST_TIMED_OUT', message: ERRORS.REQUEST_TIMED_OUT.message },
    });
  }

  private async finish(current: QueuedRequest, change: Partial<QueuedRequest>): Promise<QueuedRequest> {
    const finished = await this.updates.update({
      ...current,
      ...change,
      waitingForDevice: false,
      finishedAt: new Date().toISOString(),
    });
    this.active.delete(finished.id);
    this.deliveryParams.delete(finished.id);
    this.timers.clear(finished.id);
    this.emit(finished);
    this.deps.onFinished?.(finished);
    return finished;
  }

  /** Stores a change to a request in progress and announces it. */
  private async store(change: QueuedRequest): Promise<QueuedRequest> {
    const stored = await this.updates.update(change);
    this.active.set(stored);
    this.emit(stored);
    return stored;
  }

  private isConnected(deviceId: string): boolean {
    return this.deps.index.connection(deviceId)?.connected === true;
  }

  private deliver(request: QueuedRequest): void {
    if (this.closed) return;
    const device = this.deps.index.id(request.deviceId);
    this.armSilence(request.id);
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

  private armSilence(id: string): void {
    if (this.closed) return;
    this.timers.after(id, this.deps.attemptTimeoutMs, () => {
      if (!this.closed) void this.serialize(id, () => this.onSilence(id));
    });
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
