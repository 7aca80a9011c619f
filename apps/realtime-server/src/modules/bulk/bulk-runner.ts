import { type BulkAction, type BulkJob, ERRORS, type ErrorCode, type QueuedRequest } from '@farola/protocol';
import type { Logger } from 'pino';
import { ALL_PROJECTS } from '../../db/rows';
import type { DeviceIndex } from '../devices/contract';
import type { DeviceIndexEntry } from '../devices/contract';
import type { ChangeResults, LifecycleService } from '../lifecycle/contract';
import type { QueuedRequestsService } from '../requests/contract';
import type { BulkRepository, FollowedItem, ItemSettle, ItemStart } from './bulk.repository';
import { commandRequestOf, isLifecycleAction } from './bulk.service';

/** Devices started per batch: one insert of requests, one update of items. */
const BATCH = 1000;
/** A job's counts go out at most this often (BulkJobUpdated). */
const UPDATE_EVERY_MS = 250;
/** Request outcomes are written together after this long. */
const SETTLE_EVERY_MS = 100;

const failure = (code: ErrorCode) => ({ code, message: ERRORS[code].message });

/**
 * Runs bulk jobs: starts their items in batches (queues one command per device, or applies the
 * change at once), follows each queued request to its end state, writes outcomes in batches and
 * pushes the job's counts, throttled, to the sockets of its projects. Everything it needs is in
 * the database: on start, running jobs resume — items waiting for requests keep following them
 * (or take the end state a request reached meanwhile), items not started are started, except that
 * an item whose request the job had queued already (the server stopped between queuing a batch and
 * recording it) takes that request instead of a second one.
 */
export class BulkRunner {
  /** Queued request id → the job and device it belongs to. */
  private readonly followed = new Map<string, { jobId: string; deviceId: string }>();
  private readonly settling = new Map<string, ItemSettle[]>();
  private settleTimer: NodeJS.Timeout | null = null;
  /** The outcomes being written: one write at a time, the next takes everything that arrived meanwhile. */
  private flushing: Promise<void> | null = null;
  private readonly updateTimers = new Map<string, NodeJS.Timeout>();
  private readonly runs = new Set<Promise<void>>();
  private readonly cancelled = new Set<string>();
  private closed = false;

  constructor(
    private readonly deps: {
      repository: BulkRepository;
      index: DeviceIndex;
      requests: QueuedRequestsService;
      lifecycle: LifecycleService;
      notify: (job: BulkJob) => void;
      logger: Logger;
    },
  ) {}

  /** Starts a job's items in the background. */
  launch(jobId: string, action: BulkAction, by: string | null): void {
    if (this.closed) return;
    const run = this.run(jobId, action, by).catch((error: unknown) =>
      this.deps.logger.error({ err: error, jobId }, 'bulk job stopped; it resumes at the next start'),
    );
    this.runs.add(run);
    void run.finally(() => this.runs.delete(run));
  }

  /** Picks up the jobs still running when the server last stopped. */
  async resume(): Promise<number> {
    const ids = await this.deps.repository.running();
    for (const id of ids) {
      const job = await this.deps.repository.get(id, ALL_PROJECTS);
      if (!job) continue;
      const settles: ItemSettle[] = [];
      for (const item of await this.deps.repository.followed(id)) {
        const settle = this.follow(id, item);
        if (settle) settles.push(settle);
      }
      await this.deps.repository.settle(id, settles);
      this.launch(id, { action: job.action, params: job.params } as BulkAction, job.createdBy);
    }
    return ids.length;
  }

  /**
   * Follows a request queued for an item until its end state, or answers the outcome it already
   * reached (ended while the server was down, or before the job resumed).
   */
  private follow(jobId: string, item: FollowedItem): ItemSettle | null {
    const ended = item.requestStatus !== 'IN_PROGRESS' || !this.deps.requests.isActive(item.requestId);
    if (!ended) {
      this.followed.set(item.requestId, { jobId, deviceId: item.deviceId });
      return null;
    }
    return item.requestStatus === 'DONE'
      ? { deviceId: item.deviceId, outcome: 'succeeded', error: null }
      : {
          deviceId: item.deviceId,
          outcome: 'failed',
          error: item.errorCode
            ? { code: item.errorCode, message: item.errorMessage ?? '' }
            : failure('REQUEST_CANCELED'),
        };
  }

  /** Cancels a running job: items not started fail at once, requests still in progress are cancelled. */
  async cancel(jobId: string): Promise<void> {
    this.cancelled.add(jobId);
    await this.deps.repository.finish(jobId, 'cancelled');
    const requests = await this.deps.repository.cancelPending(jobId, failure('REQUEST_CANCELED'));
    for (const id of requests) {
      if (!(await this.deps.requests.cancel(id))) continue;
    }
    this.scheduleUpdate(jobId);
  }

  async close(): Promise<void> {
    this.closed = true;
    while (this.runs.size > 0) await Promise.allSettled([...this.runs]);
    if (this.settleTimer) clearTimeout(this.settleTimer);
    this.settleTimer = null;
    await this.flushing;
    await this.flushSettles();
    for (const timer of this.updateTimers.values()) clearTimeout(timer);
    this.updateTimers.clear();
  }

  private async run(jobId: string, action: BulkAction, by: string | null): Promise<void> {
    for (;;) {
      if (this.closed || this.cancelled.has(jobId)) return;
      const ids = await this.deps.repository.unstarted(jobId, BATCH);
      if (ids.length === 0) break;
      const devices: DeviceIndexEntry[] = [];
      const starts: ItemStart[] = [];
      for (const id of ids) {
        const device = this.deps.index.id(id);
        if (device) devices.push(device);
        else starts.push({ deviceId: id, requestId: null, outcome: 'failed', error: failure('DEVICE_NOT_FOUND') });
      }
      starts.push(...(await this.startBatch(jobId, action, by, devices)));
      await this.deps.repository.start(jobId, starts);
      this.scheduleUpdate(jobId);
    }
    this.scheduleUpdate(jobId);
  }

  /** Starts one batch: queues its commands, or applies its change and records each outcome. */
  private async startBatch(
    jobId: string,
    action: BulkAction,
    by: string | null,
    devices: DeviceIndexEntry[],
  ): Promise<ItemStart[]> {
    const command = commandRequestOf(action);
    if (command) {
      const starts: ItemStart[] = [];
      // Requests this job queued already (the server stopped before recording them on the items):
      // followed as they are, never queued twice.
      const queued = await this.deps.repository.queuedFor(
        jobId,
        devices.map((device) => device.id),
      );
      const adopted = new Set<string>();
      for (const item of queued) {
        adopted.add(item.deviceId);
        const settle = this.follow(jobId, item);
        starts.push({
          deviceId: item.deviceId,
          requestId: item.requestId,
          outcome: settle?.outcome ?? 'pending',
          error: settle?.error ?? null,
        });
      }
      // The rules are checked again: a device may have gone offline or been disabled since the job began.
      const ready = devices.filter((device) => {
        if (adopted.has(device.id)) return false;
        const refusal = this.deps.requests.refusal(device, command.command);
        if (refusal) starts.push({ deviceId: device.id, requestId: null, outcome: 'failed', error: failure(refusal) });
        return refusal === null;
      });
      const requests = await this.deps.requests.submitMany(
        ready.map((device) => ({ device, body: command })),
        by,
        jobId,
      );
      for (const request of requests) {
        this.followed.set(request.id, { jobId, deviceId: request.deviceId });
        starts.push({ deviceId: request.deviceId, requestId: request.id, outcome: 'pending', error: null });
      }
      return starts;
    }
    const origin = { by, bulkJobId: jobId };
    let results: ChangeResults;
    if (action.action === 'disable') results = await this.deps.lifecycle.disable(devices, origin);
    else if (action.action === 'changeProject') {
      results = await this.deps.lifecycle.changeProject(devices, action.params.projectId);
    } else if (isLifecycleAction(action.action)) {
      results = await this.deps.lifecycle.move(devices, action.action, origin);
    } else throw new Error(`bulk action ${action.action} has no runner`);
    return devices.map((device) => {
      const refusal = results.get(device.id) ?? null;
      return refusal
        ? { deviceId: device.id, requestId: null, outcome: 'failed', error: failure(refusal) }
        : { deviceId: device.id, requestId: null, outcome: 'succeeded', error: null };
    });
  }

  /** A queued request reached its end state (`RequestFinished`): its item, if a job follows it, settles. */
  requestFinished(request: QueuedRequest): void {
    const owner = this.followed.get(request.id);
    if (!owner) return;
    this.followed.delete(request.id);
    const settle: ItemSettle =
      request.status === 'DONE'
        ? { deviceId: owner.deviceId, outcome: 'succeeded', error: null }
        : { deviceId: owner.deviceId, outcome: 'failed', error: request.error ?? failure('REQUEST_CANCELED') };
    let list = this.settling.get(owner.jobId);
    if (!list) this.settling.set(owner.jobId, (list = []));
    list.push(settle);
    this.armSettle();
  }

  /**
   * Writes the outcomes gathered SETTLE_EVERY_MS after the first of them, and never two writes at
   * once: during a large job's answers, overlapping writes competed for the database and each took
   * seconds (measured: 10,000 outcomes ended 6 s after the last device had answered).
   */
  private armSettle(): void {
    if (this.settleTimer || this.flushing || this.closed) return;
    this.settleTimer = setTimeout(() => {
      this.settleTimer = null;
      this.flushing = this.flushSettles()
        .catch((error: unknown) => this.deps.logger.error({ err: error }, 'bulk item outcomes could not be written'))
        .finally(() => {
          this.flushing = null;
          if (this.settling.size > 0) this.armSettle();
        });
    }, SETTLE_EVERY_MS);
  }

  private async flushSettles(): Promise<void> {
    const batches = [...this.settling.entries()];
    this.settling.clear();
    for (const [jobId, settles] of batches) {
      await this.deps.repository.settle(jobId, settles);
      this.scheduleUpdate(jobId);
    }
  }

  /** Pushes the job's counts, at most every UPDATE_EVERY_MS, and marks it done when nothing is pending. */
  private scheduleUpdate(jobId: string): void {
    if (this.updateTimers.has(jobId) || this.closed) return;
    const timer = setTimeout(() => {
      this.updateTimers.delete(jobId);
      void this.update(jobId).catch((error: unknown) =>
        this.deps.logger.error({ err: error, jobId }, 'bulk job counts could not be read'),
      );
    }, UPDATE_EVERY_MS);
    this.updateTimers.set(jobId, timer);
  }

  private async update(jobId: string): Promise<void> {
    let job = await this.deps.repository.get(jobId, ALL_PROJECTS);
    if (!job) return;
    if (job.status === 'running' && job.pending === 0) {
      await this.deps.repository.finish(jobId, 'done');
      job = (await this.deps.repository.get(jobId, ALL_PROJECTS)) ?? job;
    }
    this.deps.notify(job);
  }
}
