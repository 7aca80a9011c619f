import { containsNul } from '@farola/protocol';
import { z } from 'zod';
import { DomainError } from '../platform/domain-error';
import type { Queryable } from './database';

/** Both engines give Date for timestamptz; the API speaks ISO-8601 strings. */
export function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export function isoOrNull(value: Date | string | null): string | null {
  return value === null ? null : iso(value);
}

/** Timestamps in cursors are ISO-8601 with microseconds, so a keyset never skips rows within one millisecond. */
export function isoKey(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** Keyset cursors are opaque to clients: the sort they page through and the last row's key, base64url JSON. */
export function encodeCursor(sort: string, key: readonly unknown[]): string {
  return Buffer.from(JSON.stringify({ sort, key })).toString('base64url');
}

const CursorSchema = z.object({ sort: z.string(), key: z.array(z.unknown()) });

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function invalidCursor(message: string): DomainError {
  return new DomainError('VALIDATION_FAILED', [{ path: 'cursor', rule: 'invalid', message }]);
}

/**
 * Reads a cursor made by `encodeCursor` for the same sort. The key must match the list's tuple,
 * so a forged, corrupted or stale cursor answers 400 instead of failing as a cast in SQL.
 *
 * @example
 * const [name, id] = decodeCursor(query.cursor, 'name', z.tuple([z.string(), z.guid()]));
 */
export function decodeCursor<T extends z.ZodTuple>(cursor: string, sort: string, key: T): z.output<T> {
  const envelope = CursorSchema.safeParse(parseJson(Buffer.from(cursor, 'base64url').toString('utf8')));
  // PostgreSQL cannot compare text holding a NUL: such a key would fail in SQL, not as a bad cursor.
  if (!envelope.success || containsNul(envelope.data)) throw invalidCursor('Invalid cursor');
  if (envelope.data.sort !== sort) throw invalidCursor(`Cursor belongs to another sort than '${sort}'`);
  const parsed = key.safeParse(envelope.data.key);
  if (!parsed.success) throw invalidCursor('Invalid cursor');
  return parsed.data;
}

/** The projects a caller may see: their ids, or every project (admins), which needs no filter at all. */
export const ALL_PROJECTS = Symbol('all projects');
export type ProjectScope = readonly string[] | typeof ALL_PROJECTS;

/** Whether a project lies in the scope. */
export function inProjectScope(scope: ProjectScope, projectId: string): boolean {
  return scope === ALL_PROJECTS || scope.includes(projectId);
}

/** Collects SQL conditions with numbered parameters, so filters compose without string juggling. */
export class Conditions {
  readonly parts: string[] = [];
  readonly params: unknown[] = [];

  /** Adds a parameter and returns its placeholder (`$n`). */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  add(sql: string): void {
    this.parts.push(sql);
  }

  /** Keeps rows whose `column` is one of the scope's projects; an unlimited scope adds nothing. */
  inScope(column: string, scope: ProjectScope): void {
    if (scope !== ALL_PROJECTS) this.add(`${column} = ANY(${this.param(scope)}::uuid[])`);
  }

  where(): string {
    return this.parts.length > 0 ? `WHERE ${this.parts.join(' AND ')}` : '';
  }
}

/** A PostgreSQL error of this SQLSTATE on `constraint`, as both PGlite and node-postgres report it. */
function violates(error: unknown, sqlState: string, constraint: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint: violated } = error as { code?: unknown; constraint?: unknown };
  return code === sqlState && violated === constraint;
}

/** A unique violation (23505) of `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  return violates(error, '23505', constraint);
}

/** A foreign key violation (23503) of `constraint`: a row still referenced, or a reference to none. */
export function isForeignKeyViolation(error: unknown, constraint: string): boolean {
  return violates(error, '23503', constraint);
}

/** Escapes LIKE wildcards in user search text. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Deletes the rows of `table` that `where` picks (`$1` is the cutoff), in batches of `batchSize`
 * rows found by their key columns, each its own short statement, so that a large purge neither
 * holds one long transaction nor sends the deleted rows back. Returns the count.
 *
 * @example
 * purgeBefore(db, 'device_events', ['id'], 'ts < $1', cutoff);
 */
export async function purgeBefore(
  db: Queryable,
  table: string,
  keyColumns: readonly string[],
  where: string,
  cutoff: Date,
  batchSize = 10_000,
): Promise<number> {
  const key = keyColumns.join(', ');
  let deleted = 0;
  for (;;) {
    const [batch] = await db.query<{ n: number }>(
      `WITH gone AS (
         DELETE FROM ${table} WHERE (${key}) IN (SELECT ${key} FROM ${table} WHERE ${where} LIMIT $2) RETURNING 1
       )
       SELECT count(*)::int AS n FROM gone`,
      [cutoff.toISOString(), batchSize],
    );
    const n = batch?.n ?? 0;
    deleted += n;
    if (n < batchSize) return deleted;
  }
}
