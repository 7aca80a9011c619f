import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { ALL_PROJECTS } from '../../db/rows';
import type { Job, JobHeader, JobItem, JobItemSettle, JobItemStart, JobKind } from './contract';
import type { JobRepository } from './job.repository';

/** Items claimed and started per batch: one claim, one start of the kind, one write. */
const BATCH = 1000;
/**
 * How long a claim holds its items: the items of a runner killed mid-batch go to another runner
 * after this (one that stops, or fails, lets go of them at once). A batch starts in a second or two.
 */
const LEASE_MS = 30_000;
/** How often a runner looks for jobs with items nobody holds (another process's, or one that died). */
const POLL_MS = 5_000;
/** A job's counts go out at most this often (`JobUpdated`). */
const UPDATE_EVERY_MS = 250;
/** Ends are written together after this long. */
const SETTLE_EVERY_MS = 100;

/**
 * Runs the jobs of every registered kind. Its truth is the database, so any number of runners (one
 * per server process) share the work: each claims batches of items with a lease (`SKIP LOCKED`:
 * never the same item twice), hands them to the kind to start, and records the starts only for the
 * items it still holds. Ends arrive through `settle`, found by what they follow, and are written in
 * batches; a job is done once none of its items is pending, and its counts go out as `JobUpdated`.
 * On start, and every POLL_MS, it picks up running jobs with items nobody holds: those of a server
 * that stopped, even mid-batch.
 */
export class JobRunner {
  /** This runner's name on the items it holds. */
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly kinds = new Map<string, JobKind>();
  /** Jobs this runner is claiming from now (a cache: another runner may claim from them too). */
  private readonly draining = new Set<string>();
  private readonly runs = new Set<Promise<void>>();
  private settling: JobItemSettle[] = [];
  /** The ends heard while each batch in flight was starting (see `startBatch`). */
  private readonly startWindows = new Set<JobItemSettle[]>();
  private settleTimer: NodeJS.Timeout | null = null;
  /** The ends being written: one write at a time, the next takes everything that arrived meanwhile. */
  private flushing: Promise<void> | null = null;
  private readonly updateTimers = new Map<string, NodeJS.Timeout>();
  private pollTimer: NodeJS.Timeout | null = null;
  private started = false;
  private closed = false;

  constructor(
    private readonly deps: {
      repository: JobRepository;
      updated: (job: Job) => Promise<void>;
      logger: Logger;
      /** LEASE_MS and POLL_MS unless given (tests). */
      leaseMs?: number;
      pollMs?: number;
    },
  ) {}

  /** Registers a kind; once the runner has started, its running jobs resume at once. */
  register(kind: JobKind): void {
    if (this.kinds.has(kind.kind)) throw new Error(`job kind ${kind.kind} is registered twice`);
    this.kinds.set(kind.kind, kind);
    if (this.started) this.track(this.recover(kind));
  }

  /** Resumes the running jobs of the kinds registered so far, then looks for unheld work every POLL_MS. */
  start(): void {
    this.started = true;
    for (const kind of this.kinds.values()) this.track(this.recover(kind));
    const poll = () => {
      this.pollTimer = setTimeout(() => {
        void this.poll().finally(() => {
          if (!this.closed) poll();
        });
      }, this.deps.pollMs ?? POLL_MS);
    };
    poll();
  }

  /** Starts claiming a job's items in the background (a job just created, or found with unheld items). */
  launch(jobId: string): void {
    if (this.closed || this.draining.has(jobId)) return;
    this.draining.add(jobId);
    this.track(this.drain(jobId).finally(() => this.draining.delete(jobId)));
  }

  /** Items whose followed work ended: written within SETTLE_EVERY_MS, in any job that follows them. */
  settle(settles: readonly JobItemSettle[]): void {
    if (settles.length === 0) return;
    for (const window of this.startWindows) window.push(...settles);
    this.settling.push(...settles);
    this.armSettle();
  }

  /** Cancels a running job; false if it was not running. */
  async cancel(jobId: string): Promise<boolean> {
    const job = await this.deps.repository.get(jobId, ALL_PROJECTS);
    const kind = job && this.kinds.get(job.kind);
    if (!job || !kind) return false;
    const refs = await this.deps.repository.cancel(jobId, kind.cancelledError);
    if (refs === null) return false;
    await kind.abandon(job, refs);
    this.scheduleUpdate(jobId);
    return true;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.pollTimer) clearTimeout(this.pollTimer);
    while (this.runs.size > 0) await Promise.allSettled([...this.runs]);
    await this.deps.repository.release(this.owner);
    if (this.settleTimer) clearTimeout(this.settleTimer);
    this.settleTimer = null;
    await this.flushing;
    await this.flushSettles();
    for (const timer of this.updateTimers.values()) clearTimeout(timer);
    this.updateTimers.clear();
  }

  private track(run: Promise<void>): void {
    const guarded = run.catch((error: unknown) =>
      this.deps.logger.error({ err: error }, 'a job stopped here; it resumes at the next poll or start'),
    );
    this.runs.add(guarded);
    void guarded.finally(() => this.runs.delete(guarded));
  }

  /** A kind's running jobs after a start: ends reached meanwhile are written, unstarted items claimed. */
  private async recover(kind: JobKind): Promise<void> {
    for (const id of await this.deps.repository.running([kind.kind])) {
      if (this.closed) return;
      const job = await this.deps.repository.get(id, ALL_PROJECTS);
      if (!job) continue;
      const followed = await this.deps.repository.followed(id);
      if (followed.length > 0) await this.deps.repository.settle(await kind.recover(job, followed));
      this.scheduleUpdate(id);
      this.launch(id);
    }
  }

  private async poll(): Promise<void> {
    try {
      for (const id of await this.deps.repository.claimable([...this.kinds.keys()])) this.launch(id);
    } catch (error) {
      this.deps.logger.error({ err: error }, 'jobs with unheld items could not be read');
    }
  }

  private async drain(jobId: string): Promise<void> {
    for (;;) {
      if (this.closed) return;
      const job = await this.deps.repository.header(jobId);
      const kind = job && this.kinds.get(job.kind);
      if (!job || !kind || job.status !== 'running') return;
      const items = await this.deps.repository.claim(jobId, this.owner, BATCH, this.deps.leaseMs ?? LEASE_MS);
      if (items.length === 0) break;
      const { starts, recorded } = await this.startBatch(job, kind, items);
      // Items a cancel ended (or another runner took after the lease ran out) while they started
      // here: what their start began is not followed by anyone, so it is undone.
      const orphans = starts.filter((start) => start.ref !== null && !recorded.has(start.itemId));
      if (orphans.length > 0)
        await kind.abandon(
          job,
          orphans.map((start) => start.ref!),
        );
      this.scheduleUpdate(jobId);
    }
    this.scheduleUpdate(jobId);
  }

  /**
   * Starts a claimed batch and records how each item started. An end can come before the start
   * that follows it is recorded (a device answers at once, or the database is slow to record a
   * large batch): written then, it finds no item to end, and the item would stay pending for good.
   * So the ends heard meanwhile are written again once the starts are, for this batch's items.
   */
  private async startBatch(
    job: JobHeader,
    kind: JobKind,
    items: readonly JobItem[],
  ): Promise<{ starts: JobItemStart[]; recorded: Set<string> }> {
    const heard: JobItemSettle[] = [];
    this.startWindows.add(heard);
    let starts: JobItemStart[];
    let recorded: Set<string>;
    try {
      starts = await kind.start(job, items);
      recorded = await this.deps.repository.start(job.id, this.owner, starts);
    } catch (error) {
      // Whatever the kind did is found again by the next claim (its start is idempotent).
      await this.deps.repository.release(this.owner, job.id);
      throw error;
    } finally {
      this.startWindows.delete(heard);
    }
    const followed = new Set(
      starts.flatMap((start) => (start.ref !== null && recorded.has(start.itemId) ? [start.ref] : [])),
    );
    this.settle(heard.filter((end) => followed.has(end.ref)));
    return { starts, recorded };
  }

  /**
   * Writes the ends gathered SETTLE_EVERY_MS after the first of them, and never two writes at
   * once: during a large job's answers, overlapping writes competed for the database and each took
   * seconds (measured: 10,000 outcomes ended 6 s after the last device had answered).
   */
  private armSettle(): void {
    if (this.settleTimer || this.flushing || this.closed) return;
    this.settleTimer = setTimeout(() => {
      this.settleTimer = null;
      this.flushing = this.flushSettles()
        .catch((error: unknown) => this.deps.logger.error({ err: error }, 'job item outcomes could not be written'))
        .finally(() => {
          this.flushing = null;
          if (this.settling.length > 0) this.armSettle();
        });
    }, SETTLE_EVERY_MS);
  }

  private async flushSettles(): Promise<void> {
    const settles = this.settling;
    this.settling = [];
    for (const jobId of await this.deps.repository.settle(settles)) this.scheduleUpdate(jobId);
  }

  /** Sends the job's counts, at most every UPDATE_EVERY_MS, and marks it done when nothing is pending. */
  private scheduleUpdate(jobId: string): void {
    if (this.updateTimers.has(jobId) || this.closed) return;
    const timer = setTimeout(() => {
      this.updateTimers.delete(jobId);
      void this.update(jobId).catch((error: unknown) =>
        this.deps.logger.error({ err: error, jobId }, 'job counts could not be read'),
      );
    }, UPDATE_EVERY_MS);
    this.updateTimers.set(jobId, timer);
  }

  private async update(jobId: string): Promise<void> {
    await this.deps.repository.finishIfDone(jobId);
    const job = await this.deps.repository.get(jobId, ALL_PROJECTS);
    if (job) await this.deps.updated(job);
  }
}
