import {
  type CommandDetail,
  type CommandName,
  type ErrorCode,
  MASKED_SECRET,
  type Page,
  type QueuedRequest,
  type QueuedRequestListQuery,
  type QueuedRequestStatus,
} from '@farola/protocol';
import { z } from 'zod';
import type { Queryable } from '../../db/database';
import type { RequestState } from './contract';
import {
  Conditions,
  decodeCursor,
  encodeCursor,
  iso,
  isoKey,
  isoOrNull,
  likePattern,
  purgeBefore,
  type ProjectScope,
} from '../../db/rows';

interface RequestRow {
  id: string;
  device_id: string;
  project_id: string;
  command: CommandName;
  params: Record<string, unknown>;
  status: QueuedRequestStatus;
  progress: number;
  attempt: number;
  error_code: ErrorCode | null;
  error_message: string | null;
  detail: CommandDetail | null;
  requested_by: string | null;
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
  delivery_params: Record<string, unknown> | null;
  waiting_for_device: boolean;
  wait_until: Date;
  sort_key: string;
}

/**
 * A request to store: what `QueuedRequest` holds before the database gives it an id and times;
 * `waitMs` is how long after its creation it may wait for a disconnected device (`waitUntil`), and
 * `bulkJobId` names the bulk job that queued it (what a resumed job looks for).
 */
export type RequestInsert = Omit<QueuedRequest, 'id' | 'createdAt' | 'updatedAt' | 'waitUntil'> & {
  waitMs: number;
  bulkJobId?: string | null;
};

/** A new request as it is stored: in progress at attempt 1, held (`waitingForDevice`) when its device is disconnected. */
export function newRequest(
  fields: Pick<
    RequestInsert,
    'deviceId' | 'projectId' | 'command' | 'params' | 'requestedBy' | 'waitingForDevice' | 'waitMs'
  > & {
    bulkJobId: string | null;
  },
): RequestInsert {
  return { ...fields, status: 'IN_PROGRESS', progress: 0, attempt: 1, error: null, detail: null, finishedAt: null };
}

/** A request in progress with the parameters to deliver (the secrets `params` shows masked). */
export interface PendingDelivery {
  request: QueuedRequest;
  deliveryParams: Record<string, unknown>;
}

/**
 * The parameters as stored and listed: setConfiguration's mobile password masked. Returns null
 * when nothing is secret (the parameters are stored as they are).
 */
export function maskSecrets(command: CommandName, params: Record<string, unknown>): Record<string, unknown> | null {
  if (command !== 'setConfiguration') return null;
  const parameters = params.parameters as { mobile?: { password?: unknown } } | undefined;
  if (!parameters?.mobile || typeof parameters.mobile.password !== 'string') return null;
  return { ...params, parameters: { ...parameters, mobile: { ...parameters.mobile, password: MASKED_SECRET } } };
}

function dateBound(value: string, end: boolean): { at: string; op: string } {
  if (value.length !== 10) return { at: value, op: end ? '<=' : '>=' };
  if (!end) return { at: `${value}T00:00:00Z`, op: '>=' };
  const next = new Date(`${value}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return { at: next.toISOString(), op: '<' };
}

function toRequest(row: RequestRow): QueuedRequest {
  return {
    id: row.id,
    deviceId: row.device_id,
    projectId: row.project_id,
    command: row.command,
    params: row.params,
    status: row.status,
    progress: row.progress,
    attempt: row.attempt,
    error: row.error_code ? { code: row.error_code, message: row.error_message ?? '' } : null,
    detail: row.detail,
    waitingForDevice: row.waiting_for_device,
    waitUntil: iso(row.wait_until),
    requestedBy: row.requested_by,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    finishedAt: isoOrNull(row.finished_at),
  };
}

const COLUMNS = `*, ${isoKey('created_at')} AS sort_key`;
/** Requests page newest first only; the cursor names this order so it cannot be replayed against another. */
const NEWEST_FIRST = '-createdAt';
const CursorKeySchema = z.tuple([z.iso.datetime(), z.guid()]);

export class RequestRepository {
  constructor(private readonly db: Queryable) {}

  /** Deletes requests that ended before `cutoff` (the retention; one in progress stays), in batches; returns the count. */
  deleteFinishedBefore(cutoff: Date): Promise<number> {
    return purgeBefore(this.db, 'queued_requests', ['id'], "status <> 'IN_PROGRESS' AND finished_at < $1", cutoff);
  }

  async insert(request: RequestInsert): Promise<QueuedRequest> {
    return (await this.insertMany([request]))[0]!;
  }

  /**
   * Stores many requests in one statement (a bulk action's batch), in the order given. Secret
   * parameters are stored masked, with the clear ones kept apart for delivery.
   */
  async insertMany(requests: readonly RequestInsert[]): Promise<QueuedRequest[]> {
    if (requests.length === 0) return [];
    const rows = await this.db.query<RequestRow>(
      `INSERT INTO queued_requests (device_id, project_id, command, params, delivery_params, status, progress, attempt,
         requested_by, bulk_job_id, waiting_for_device, wait_until)
       SELECT r.device_id, r.project_id, r.command, r.params, r.delivery_params, r.status, r.progress, r.attempt,
         r.requested_by, r.bulk_job_id, r.waiting_for_device, now() + r.wait_ms * interval '1 millisecond'
       FROM jsonb_to_recordset($1::jsonb) AS r(device_id uuid, project_id uuid, command text,
         params jsonb, delivery_params jsonb, status text, progress int, attempt int, requested_by text,
         bulk_job_id uuid, waiting_for_device boolean, wait_ms bigint)
       RETURNING ${COLUMNS}`,
      [
        JSON.stringify(
          requests.map((request) => {
            const masked = maskSecrets(request.command, request.params);
            return {
              device_id: request.deviceId,
              project_id: request.projectId,
              command: request.command,
              params: masked ?? request.params,
              delivery_params: masked ? request.params : null,
              status: request.status,
              progress: request.progress,
              attempt: request.attempt,
              requested_by: request.requestedBy,
              bulk_job_id: request.bulkJobId ?? null,
              waiting_for_device: request.waitingForDevice,
              // The deadline counts from the creation: now(), the created_at of the same statement.
              wait_ms: request.waitMs,
            };
          }),
        ),
      ],
    );
    // PostgreSQL does not promise RETURNING in insertion order: callers match requests by device.
    return rows.map(toRequest);
  }

  /** Writes the changing fields of a request and returns it as stored. */
  async update(request: QueuedRequest): Promise<QueuedRequest> {
    const stored = (await this.updateMany([request])).get(request.id);
    if (!stored) throw new Error(`queued request ${request.id} is not stored`);
    return stored;
  }

  /**
   * Writes the changing fields of many requests in one statement (each id once) and returns them
   * as stored, by id; a request no longer stored (its device deleted) is missing from the answer.
   */
  async updateMany(requests: readonly QueuedRequest[]): Promise<Map<string, QueuedRequest>> {
    if (requests.length === 0) return new Map();
    const rows = await this.db.query<RequestRow>(
      `UPDATE queued_requests q SET status = u.status, progress = u.progress, attempt = u.attempt,
         error_code = u.error_code, error_message = u.error_message, updated_at = now(),
         finished_at = u.finished_at, detail = u.detail, waiting_for_device = u.waiting_for_device,
         delivery_params = CASE WHEN u.status = 'IN_PROGRESS' THEN q.delivery_params END
       FROM jsonb_to_recordset($1::jsonb) AS u(id uuid, status text, progress int, attempt int, error_code text,
         error_message text, finished_at timestamptz, detail jsonb, waiting_for_device boolean)
       WHERE q.id = u.id RETURNING q.*, ${isoKey('q.created_at')} AS sort_key`,
      [
        JSON.stringify(
          requests.map((request) => ({
            id: request.id,
            status: request.status,
            progress: request.progress,
            attempt: request.attempt,
            error_code: request.error?.code ?? null,
            error_message: request.error?.message ?? null,
            finished_at: request.finishedAt,
            detail: request.detail,
            waiting_for_device: request.waitingForDevice,
          })),
        ),
      ],
    );
    return new Map(rows.map((row) => [row.id, toRequest(row)]));
  }

  async get(id: string, visible: ProjectScope): Promise<QueuedRequest | null> {
    const filters = new Conditions();
    filters.add(`id = ${filters.param(id)}`);
    filters.inScope('project_id', visible);
    const rows = await this.db.query<RequestRow>(
      `SELECT ${COLUMNS} FROM queued_requests ${filters.where()}`,
      filters.params,
    );
    return rows[0] ? toRequest(rows[0]) : null;
  }

  /** A device's newest request of these commands, or null. */
  async latestOf(deviceId: string, commands: readonly string[]): Promise<QueuedRequest | null> {
    const rows = await this.db.query<RequestRow>(
      `SELECT ${COLUMNS} FROM queued_requests WHERE device_id = $1 AND command = ANY($2::text[])
       ORDER BY created_at DESC, id DESC LIMIT 1`,
      [deviceId, commands],
    );
    return rows[0] ? toRequest(rows[0]) : null;
  }

  /**
   * The first request a bulk job queued for each of these devices, with its state: after a crash
   * between queuing a batch and recording it, the job finds the batch here and does not queue it again.
   */
  async ofBulkJob(jobId: string, deviceIds: readonly string[]): Promise<RequestState[]> {
    if (deviceIds.length === 0) return [];
    return this.db.query<RequestState>(
      `SELECT DISTINCT ON (device_id) id, device_id AS "deviceId", status, error_code AS "errorCode",
         error_message AS "errorMessage"
       FROM queued_requests WHERE bulk_job_id = $1 AND device_id = ANY($2::uuid[])
       ORDER BY device_id, created_at`,
      [jobId, deviceIds],
    );
  }

  /** The state of these requests now (those that exist). */
  async states(ids: readonly string[]): Promise<RequestState[]> {
    if (ids.length === 0) return [];
    return this.db.query<RequestState>(
      `SELECT id, device_id AS "deviceId", status, error_code AS "errorCode", error_message AS "errorMessage"
       FROM queued_requests WHERE id = ANY($1::uuid[])`,
      [ids],
    );
  }

  /** The requests still in progress of these devices (of one command, when given). */
  async inProgressOf(deviceIds: readonly string[], command?: CommandName): Promise<string[]> {
    if (deviceIds.length === 0) return [];
    const rows = await this.db.query<{ id: string }>(
      `SELECT id FROM queued_requests WHERE device_id = ANY($1::uuid[]) AND status = 'IN_PROGRESS'
         AND ($2::text IS NULL OR command = $2)`,
      [deviceIds, command ?? null],
    );
    return rows.map((row) => row.id);
  }

  /** Whether the device has a request of this command queued after `request` (which it then supersedes). */
  async supersededBy(request: Pick<QueuedRequest, 'id' | 'deviceId' | 'command' | 'createdAt'>): Promise<boolean> {
    const rows = await this.db.query(
      `SELECT 1 FROM queued_requests WHERE device_id = $1 AND command = $2 AND id <> $3 AND created_at > $4 LIMIT 1`,
      [request.deviceId, request.command, request.id, request.createdAt],
    );
    return rows.length > 0;
  }

  /** The requests in progress of devices moved to another project go with them (listed there only). */
  async moveInProgress(deviceIds: readonly string[], projectId: string): Promise<void> {
    if (deviceIds.length === 0) return;
    await this.db.query(
      `UPDATE queued_requests SET project_id = $2
       WHERE device_id = ANY($1::uuid[]) AND status = 'IN_PROGRESS' AND project_id <> $2`,
      [deviceIds, projectId],
    );
  }

  async exists(id: string): Promise<boolean> {
    return (await this.db.query('SELECT 1 FROM queued_requests WHERE id = $1', [id])).length > 0;
  }

  async listInProgress(): Promise<PendingDelivery[]> {
    const rows = await this.db.query<RequestRow>(`SELECT ${COLUMNS} FROM queued_requests WHERE status = 'IN_PROGRESS'`);
    return rows.map((row) => ({ request: toRequest(row), deliveryParams: row.delivery_params ?? row.params }));
  }

  /** Newest first, keyset on (created_at, id). */
  async list(query: QueuedRequestListQuery, visible: ProjectScope): Promise<Page<QueuedRequest>> {
    const filters = new Conditions();
    filters.inScope('project_id', visible);
    if (query.deviceId) filters.add(`device_id = ${filters.param(query.deviceId)}`);
    if (query.projectId) filters.add(`project_id = ${filters.param(query.projectId)}`);
    if (query.status) filters.add(`status = ANY(${filters.param(query.status)}::text[])`);
    if (query.command) filters.add(`command = ANY(${filters.param(query.command)}::text[])`);
    for (const [value, end] of [
      [query.from, false],
      [query.to, true],
    ] as const) {
      if (!value) continue;
      const { at, op } = dateBound(value, end);
      filters.add(`created_at ${op} ${filters.param(at)}::timestamptz`);
    }
    if (query.q) {
      const pattern = filters.param(likePattern(query.q));
      filters.add(
        `(command ILIKE ${pattern} OR device_id IN (SELECT id FROM devices WHERE serial_number ILIKE ${pattern} OR name ILIKE ${pattern}))`,
      );
    }
    const total = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM queued_requests ${filters.where()}`,
      filters.params,
    );
    if (query.cursor) {
      const [createdAt, id] = decodeCursor(query.cursor, NEWEST_FIRST, CursorKeySchema);
      filters.add(`(created_at, id) < (${filters.param(createdAt)}::timestamptz, ${filters.param(id)}::uuid)`);
    }
    const rows = await this.db.query<RequestRow>(
      `SELECT ${COLUMNS} FROM queued_requests ${filters.where()}
       ORDER BY created_at DESC, id DESC LIMIT ${query.limit + 1}`,
      filters.params,
    );
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map(toRequest),
      nextCursor: rows.length > query.limit && last ? encodeCursor(NEWEST_FIRST, [last.sort_key, last.id]) : null,
      total: total[0]?.n ?? 0,
    };
  }
}
