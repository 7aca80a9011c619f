// What the jobs module offers other modules, and the events it emits: the only file of it they import.
import type { ErrorCode, Page } from '@farola/protocol';
import type { ProjectScope } from '../../db/rows';

export { failure, queueFollowedRequests, recoverFollowedRequests } from './request-items';

export type JobStatus = 'running' | 'done' | 'cancelled';
export type JobItemOutcome = 'pending' | 'succeeded' | 'failed' | 'skipped';
export interface JobError {
  code: ErrorCode;
  message: string;
}

/** A job as stored, without its items' counts (what a kind is handed). */
export interface JobHeader {
  id: string;
  kind: string;
  /** What the job does within its kind (a bulk action's name). */
  action: string;
  params: Record<string, unknown>;
  status: JobStatus;
  projectIds: string[];
  createdBy: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** A job as stored, with its items' counts. */
export interface Job extends JobHeader {
  succeeded: number;
  failed: number;
  pending: number;
  skipped: number;
}

/** A job's state as every kind answers it: its status, and how many items ended how, and in all. */
export function jobProgress(job: Job) {
  const { status, succeeded, failed, pending, skipped, createdBy, createdAt, finishedAt } = job;
  const total = succeeded + failed + pending + skipped;
  return { status, total, succeeded, failed, pending, skipped, createdBy, createdAt, finishedAt };
}

/** One item of a job, as listed. */
export interface JobItem {
  itemId: string;
  sortKey: string;
  label: string;
  outcome: JobItemOutcome;
  error: JobError | null;
  ref: string | null;
}

/** An item as its job is planned: pending, or skipped at once with the reason. */
export interface JobItemPlan {
  itemId: string;
  sortKey: string;
  label: string;
  outcome: 'pending' | 'skipped';
  error: JobError | null;
}

/** How a claimed item started: with something to follow (`ref`, outcome pending), or ended at once. */
export interface JobItemStart {
  itemId: string;
  ref: string | null;
  outcome: JobItemOutcome;
  error: JobError | null;
}

/** The end of an item that was followed, found by what it followed. */
export interface JobItemSettle {
  ref: string;
  outcome: 'succeeded' | 'failed';
  error: JobError | null;
}

/**
 * A kind of long operation: the one thing a new kind writes. Its service plans the items
 * (`JobsService.create`); the engine claims them in batches with a lease and calls `start`; what a
 * start leaves to follow (`ref`) ends later through `JobsService.settle`.
 *
 * @example
 * jobs.register({
 *   kind: 'bulk',
 *   cancelledError: { code: 'REQUEST_CANCELED', message: 'Request cancelled' },
 *   start: (job, items) => queueCommands(job, items), // one request per device, its id as `ref`
 *   recover: (job, followed) => endedMeanwhile(followed), // after a restart
 *   abandon: (job, refs) => cancelRequests(refs),
 * });
 */
export interface JobKind {
  readonly kind: string;
  /** The error of the items a cancel stops before they started. */
  readonly cancelledError: JobError;
  /**
   * Starts claimed items and says how each started. Must be idempotent: an item whose runner died
   * after acting but before its start was recorded is claimed again, and must not act twice
   * (look for what the first claim did).
   */
  start(job: JobHeader, items: readonly JobItem[]): Promise<JobItemStart[]>;
  /** Items started and still followed when the server started: the ends they reached meanwhile. */
  recover(job: JobHeader, followed: readonly JobItem[]): Promise<JobItemSettle[]>;
  /** Undoes what started items still wait for (a cancel): e.g. cancels their requests. */
  abandon(job: JobHeader, refs: readonly string[]): Promise<void>;
}

/** What the jobs module offers later modules. */
export interface JobsService {
  /** Registers a kind; its running jobs resume now. */
  register(kind: JobKind): void;
  /** Stores a planned job with its items and starts running it; answers its id. */
  create(
    job: {
      kind: string;
      action: string;
      params: Record<string, unknown>;
      projectIds: string[];
      createdBy: string | null;
    },
    items: readonly JobItemPlan[],
  ): Promise<string>;
  /** A job of this kind whose every project is visible, or null. */
  get(kind: string, id: string, visible: ProjectScope): Promise<Job | null>;
  /** The jobs of a kind whose every project is visible, newest first. */
  list(
    kind: string,
    query: { limit: number; cursor?: string | undefined; action?: string | undefined },
    visible: ProjectScope,
  ): Promise<Page<Job>>;
  /** A job's items by sort key, one outcome or all. */
  items(
    jobId: string,
    query: { limit: number; cursor?: string | undefined; outcome?: JobItemOutcome | undefined },
  ): Promise<Page<JobItem>>;
  /** Ends followed items by what they followed (any job, any process that started them). */
  settle(settles: readonly JobItemSettle[]): void;
  /** Cancels a running job: items not started fail, what started items wait for is abandoned. */
  cancel(jobId: string): Promise<void>;
}

declare module '../../platform/services' {
  interface ServiceMap {
    jobs: JobsService;
  }
}

declare module '../../platform/events' {
  interface DomainEvents {
    /** A job's counts or status changed (throttled per job); its kind tells whose it is. */
    JobUpdated: Job;
  }
}
