import { DEMO_PROJECT_ID } from '@farola/protocol';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { HistoryRepository } from './history/history.repository';
import { JobRepository } from './jobs/job.repository';
import { RequestRepository } from './requests/request.repository';
import { openTestStorage } from '../testing/storage';
import { retentionPart } from '../platform/retention';

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
const count = async (db: Database, sql: string) => (await db.query<{ n: number }>(sql))[0]?.n;

describe('retention of what grows: logged records, finished requests and bulk jobs', () => {
  let db: Database;
  beforeAll(async () => {
    ({ db } = await openTestStorage());
    const [device] = await db.query<{ id: string }>(
      `INSERT INTO devices (serial_number, device_type, vendor, project_id, name)
       VALUES ('KEEP-1', 'light-point-controller', 'orion', $1, 'Retention') RETURNING id`,
      [DEMO_PROJECT_ID],
    );
    const id = device!.id;
    for (const [hour, label] of [
      [daysAgo(500), 'old'],
      [daysAgo(1), 'new'],
    ] as const) {
      await db.query(
        `INSERT INTO device_log_records (device_id, hour, energy_kwh, operating_hours, on_share, request_id)
         VALUES ($1, $2, 1, 1, ${label === 'old' ? 0.5 : 1}, gen_random_uuid())`,
        [id, hour],
      );
    }
    const request = (status: string, finishedAt: string | null) =>
      db.query(
        `INSERT INTO queued_requests (device_id, project_id, command, status, created_at, finished_at, wait_until)
         VALUES ($1, $2, 'switchOff', $3, $4, $4, $4)`,
        [id, DEMO_PROJECT_ID, status, finishedAt ?? daysAgo(200)],
      );
    await request('DONE', daysAgo(120));
    await request('ERROR', daysAgo(100));
    await request('DONE', daysAgo(2));
    // A request still under way stays, however old.
    await db.query(
      `INSERT INTO queued_requests (device_id, project_id, command, status, created_at, wait_until)
       VALUES ($1, $2, 'install', 'IN_PROGRESS', $3, $3)`,
      [id, DEMO_PROJECT_ID, daysAgo(200)],
    );
    const job = async (status: string, finishedAt: string | null) => {
      const [row] = await db.query<{ id: string }>(
        `INSERT INTO jobs (kind, action, status, project_ids, created_at, finished_at)
         VALUES ('bulk', 'switchOff', $1, ARRAY[$2]::uuid[], $3, $3) RETURNING id`,
        [status, DEMO_PROJECT_ID, finishedAt ?? daysAgo(200)],
      );
      await db.query(
        `INSERT INTO job_items (job_id, item_id, sort_key, label, outcome) VALUES ($1, $2, 'KEEP-1', 'Retention', 'succeeded')`,
        [row!.id, id],
      );
    };
    await job('done', daysAgo(120));
    await job('done', daysAgo(3));
    await db.query(
      `INSERT INTO jobs (kind, action, status, project_ids, created_at)
       VALUES ('bulk', 'reboot', 'running', ARRAY[$1]::uuid[], $2)`,
      [DEMO_PROJECT_ID, daysAgo(200)],
    );
  });
  afterAll(async () => {
    await db.close();
  });

  it('deletes logged records of hours before the cutoff only', async () => {
    expect(await new HistoryRepository(db).deleteOlderThan(new Date(daysAgo(400)))).toBe(1);
    expect(await count(db, 'SELECT count(*)::int AS n FROM device_log_records')).toBe(1);
  });

  it('deletes requests that ended before the cutoff, never one in progress', async () => {
    expect(await new RequestRepository(db).deleteFinishedBefore(new Date(daysAgo(90)))).toBe(2);
    const left = await db.query<{ status: string }>('SELECT status FROM queued_requests ORDER BY status');
    expect(left.map((row) => row.status)).toEqual(['DONE', 'IN_PROGRESS']);
  });

  it('deletes jobs that ended before the cutoff with their items, never a running one', async () => {
    expect(await new JobRepository(db).deleteFinishedBefore(new Date(daysAgo(90)))).toBe(1);
    expect(await count(db, 'SELECT count(*)::int AS n FROM jobs')).toBe(2);
    expect(await count(db, 'SELECT count(*)::int AS n FROM job_items')).toBe(1);
  });

  it('vacuums the purged tables on PGlite after a purge that deleted rows, and only then', async () => {
    const vacuums: string[] = [];
    const fake = (kind: 'pglite' | 'postgres') => ({
      kind,
      exec: (sql: string) => {
        vacuums.push(`${kind}: ${sql}`);
        return Promise.resolve();
      },
    });
    const run = async (kind: 'pglite' | 'postgres', deleted: number) => {
      const part = retentionPart(
        { what: 'rows', tables: ['a', 'b'], days: 1, purge: () => Promise.resolve(deleted) },
        fake(kind),
        pino({ level: 'silent' }),
      );
      await part.start?.();
      await part.stop();
    };
    await run('pglite', 3);
    await run('pglite', 0);
    // PostgreSQL's autovacuum does it there.
    await run('postgres', 3);
    expect(vacuums).toEqual(['pglite: VACUUM a, b']);
  });

  it('PGlite takes a vacuum of several tables', async () => {
    await expect(db.exec('VACUUM queued_requests, jobs, job_items')).resolves.toBeUndefined();
  });
});
