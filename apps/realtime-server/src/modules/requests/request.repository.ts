import type {
  CommandDetail,
  CommandName,
  ErrorCode,
  Page,
  QueuedRequest,
  QueuedRequestListQuery,
  QueuedRequestStatus,
} from '@farola/protocol';
import { z } from 'zod';
import type { Queryable } from '../../db/database';
import {
  Conditions,
  decodeCursor,
  encodeCursor,
  iso,
  isoKey,
  isoOrNull,
  likePattern,
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
  sort_key: string;
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

  async insert(request: Omit<QueuedRequest, 'id' | 'createdAt' | 'updatedAt'>): Promise<QueuedRequest> {
    const rows = await this.db.query<RequestRow>(
      `INSERT INTO queued_requests (device_id, project_id, command, params, status, progress, attempt, requested_by)
       VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
      [
        request.deviceId,
        request.projectId,
        request.command,
        JSON.stringify(request.params),
        request.status,
        request.progress,
        request.attempt,
        request.requestedBy,
      ],
    );
    return toRequest(rows[0]!);
  }

  /** Writes the changing fields of a request and returns it as stored. */
  async update(request: QueuedRequest): Promise<QueuedRequest> {
    const rows = await this.db.query<RequestRow>(
      `UPDATE queued_requests SET status = $2, progress = $3, attempt = $4, error_code = $5, error_message = $6,
         updated_at = now(), finished_at = $7::timestamptz, detail = $8::jsonb WHERE id = $1 RETURNING ${COLUMNS}`,
      [
        request.id,
        request.status,
        request.progress,
        request.attempt,
        request.error?.code ?? null,
        request.error?.message ?? null,
        request.finishedAt,
        request.detail === null ? null : JSON.stringify(request.detail),
      ],
    );
    return toRequest(rows[0]!);
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

  async exists(id: string): Promise<boolean> {
    return (await this.db.query('SELECT 1 FROM queued_requests WHERE id = $1', [id])).length > 0;
  }

  async listInProgress(): Promise<QueuedRequest[]> {
    const rows = await this.db.query<RequestRow>(`SELECT ${COLUMNS} FROM queued_requests WHERE status = 'IN_PROGRESS'`);
    return rows.map(toRequest);
  }

  /** Newest first, keyset on (created_at, id). */
  async list(query: QueuedRequestListQuery, visible: ProjectScope): Promise<Page<QueuedRequest>> {
    const filters = new Conditions();
    filters.inScope('project_id', visible);
    if (query.deviceId) filters.add(`device_id = ${filters.param(query.deviceId)}`);
    if (query.projectId) filters.add(`project_id = ${filters.param(query.projectId)}`);
    if (query.status) filters.add(`status = ${filters.param(query.status)}`);
    if (query.q) filters.add(`command ILIKE ${filters.param(likePattern(query.q))}`);
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
