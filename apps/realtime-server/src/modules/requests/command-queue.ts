export type { CommandQueueDeps, CommandSubmission } from './command-queue-deps';
import type { CommandRequest, QueuedRequest, UpCommandMessage } from '@farola/protocol';
import { DomainError } from '../../platform/domain-error';
import type { DeviceIndexEntry } from '../devices/contract';
import { ActiveRequests } from './active-requests';
import { CommandDelivery } from './command-delivery';
import type { CommandQueueDeps, CommandSubmission } from './command-queue-deps';
import { GroupedUpdates } from './grouped-updates';
import { RequestChains } from './request-chains';
import { answerError, STAYED_DISCONNECTED, TIMED_OUT } from './request-errors';
import { newRequest } from './request.repository';
import { RequestTimers } from './request-timers';

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
  private readonly chains: RequestChains;
  private readonly delivery: CommandDelivery;
  /** Set by close(): from then on nothing is sent and no timer is started. */
  private closed = false;
  /** Changes to requests, written many to a statement when answers come in bursts. */
  private readonly updates: GroupedUpdates;

  constructor(private readonly deps: CommandQueueDeps) {
    this.updates = new GroupedUpdates((requests) => deps.requests.updateMany(requests));
    this.chains = new RequestChains(deps.logger);
    this.delivery = new CommandDelivery(deps);
  }

  /**
   * Picks up the requests still in progress when the server last stopped: one that was being sent
   * to a connected device waits for its answer again; the others follow the device's connection.
   */
  async resume(): Promise<number> {
    const pending = await this.deps.requests.listInProgress();
    for (const { request, deliveryParams } of pending) {
      this.active.set(request);
      this.delivery.keepClearParams(request, deliveryParams);
      void this.chains.run(request.id, () => this.start(request.id, true));
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
    const inserts = submissions.map(({ device, body }) =>
      newRequest({
        deviceId: device.id,
        projectId: device.projectId,
        command: body.command,
        params: body.params,
        requestedBy,
        bulkJobId,
        waitingForDevice: !this.isConnected(device.id),
        waitMs: this.deps.waitMs(body.command),
      }),
    );
    const requests = await this.deps.requests.insertMany(inserts);
    const sent = new Map(submissions.map(({ device, body }) => [device.id, body.params]));
    for (const request of requests) {
      this.active.set(request);
      this.delivery.keepClearParams(request, sent.get(request.deviceId) ?? request.params);
      this.emit(request);
      // The connection is read again: the device may have come or gone while the requests were stored.
      void this.chains.run(request.id, () => this.start(request.id, false));
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
      void this.chains.run(id, () => (connected ? this.reconnected(id) : this.waitForDevice(id)));
    }
  }

  /** Devices moved to another project (their stored requests too): what their requests announce goes there. */
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
    await this.chains.run(request.id, () => this.applyAnswer(message));
    return true;
  }

  async cancel(request: QueuedRequest): Promise<QueuedRequest> {
    let cancelled: QueuedRequest | null = null;
    await this.chains.run(request.id, async () => {
      const current = this.active.get(request.id);
      if (!current) return;
      cancelled = await this.finish(current, { status: 'CANCELLED' });
      if (!this.closed) this.delivery.withdraw(current);
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
    await this.chains.drain();
    this.timers.clearAll();
  }

  /**
   * Sends a new or resumed request if its device is connected (a resumed one that was being sent
   * waits for its answer again), or makes it wait for the device.
   */
  private async start(id: string, resumed: boolean): Promise<void> {
    const current = this.active.get(id);
    if (!current || this.closed) return;
    if (!this.isConnected(current.deviceId)) return this.waitForDevice(id);
    if (current.waitingForDevice) this.deliver(await this.store({ ...current, waitingForDevice: false }));
    else if (resumed) this.armSilence(id);
    else this.deliver(current);
  }

  private async reconnected(id: string): Promise<void> {
    const current = this.active.get(id);
    if (!current?.waitingForDevice || this.closed) return;
    this.deliver(await this.store({ ...current, waitingForDevice: false }));
  }

  /**
   * Holds a request until its device reconnects: no silence timer (a device that is gone cannot
   * answer), the attempt under way not spent; ends it at once if its wait is over already.
   */
  private async waitForDevice(id: string): Promise<void> {
    const current = this.active.get(id);
    if (!current || this.closed) return;
    this.timers.clear(id);
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
      if (!this.closed) void this.chains.run(request.id, () => this.onWaitOver(request.id));
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
    await this.finish(current, {
      status: 'ERROR',
      progress: message.progress,
      detail,
      error: answerError(current, message),
    });
  }

  private async onSilence(id: string): Promise<void> {
    const current = this.active.get(id);
    // A silence that waited behind a change still under way at close is for the next start.
    if (!current || this.closed) return;
    // Dropped during the attempt (the change is still to come): not an attempt spent.
    if (!this.isConnected(current.deviceId)) return this.waitForDevice(id);
    if (current.attempt < this.deps.maxAttempts) {
      this.deliver(await this.store({ ...current, attempt: current.attempt + 1 }));
      return;
    }
    await this.finish(current, { status: 'ERROR', error: TIMED_OUT });
  }

  private async finish(current: QueuedRequest, change: Partial<QueuedRequest>): Promise<QueuedRequest> {
    const finished = await this.updates.update({
      ...current,
      ...change,
      waitingForDevice: false,
      finishedAt: new Date().toISOString(),
    });
    this.active.delete(finished.id);
    this.delivery.forget(finished.id);
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

  /** Sends the request's current attempt, and waits that long for the device to answer. */
  private deliver(request: QueuedRequest): void {
    if (this.closed) return;
    this.armSilence(request.id);
    this.delivery.send(request);
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
      if (!this.closed) void this.chains.run(id, () => this.onSilence(id));
    });
  }
}
