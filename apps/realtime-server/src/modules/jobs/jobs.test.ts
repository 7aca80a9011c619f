import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openPglite, openPostgres } from '../../db/database';
import { ALL_PROJECTS } from '../../db/rows';
import { migrate } from '../../db/migrate';
import { ALL_MIGRATIONS, migrationsUpTo } from '../../testing/storage';
import type { Job, JobItem, JobItemPlan, JobItemStart, JobKind } from './contract';
import { JobRunner } from './job-runner';
import { JobRepository } from './job.repository';
import { admin, inSchema } from '../../testing/postgres';
import { useFreshCluster } from '../../testing/fresh-cluster';

// These tests run the migrations themselves.
useFreshCluster();

const logger = pino({ level: 'silent' });
const ITEMS = 2_500;

/** A kind whose every start is counted per item; `hang` makes a start never return (its runner "dies"). */
function countingKind(options: { hang?: boolean; delayMs?: number } = {}) {
  const starts = new Map<string, number>();
  const abandoned: string[] = [];
  const kind: JobKind = {
    kind: 'test',
    cancelledError: { code: 'REQUEST_CANCELED', message: 'Request cancelled' },
    start: async (_job: Job, items: readonly JobItem[]): Promise<JobItemStart[]> => {
      for (const item of items) starts.set(item.itemId, (starts.get(item.itemId) ?? 0) + 1);
      if (options.hang) return new Promise<never>(() => undefined);
      await sleep(options.delayMs ?? 0);
      return items.map((item) => ({ itemId: item.itemId, ref: `ref-${item.itemId}`, outcome: 'pending', error: null }));
    },
    recover: () => Promise.resolve([]),
    abandon: (_job, refs) => {
      abandoned.push(...refs);
      return Promise.resolve();
    },
  };
  return { kind, starts, abandoned };
}

function plan(count: number): JobItemPlan[] {
  return Array.from({ length: count }, (_, i) => ({
    itemId: `item-${String(i).padStart(5, '0')}`,
    sortKey: String(i).padStart(5, '0'),
    label: `Item ${i}`,
    outcome: 'pending',
    error: null,
  }));
}

function runnerOn(db: Database, options: { leaseMs?: number; pollMs?: number } = {}) {
  return new JobRunner({ repository: new JobRepository(db), updated: () => Promise.resolve(), logger, ...options });
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached in ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await sleep(50);
  }
}

const createJob = (db: Database, count = ITEMS) =>
  new JobRepository(db).create(
    { kind: 'test', action: 'count', params: {}, projectIds: [randomUUID()], createdBy: 'tester' },
    plan(count),
  );

/** Ends every followed item the way a kind's settle path does, until the job is done. */
async function settleAll(runner: JobRunner, db: Database, jobId: string): Promise<Job> {
  const repository = new JobRepository(db);
  return until(
    async () => {
      const followed = await repository.followed(jobId);
      runner.settle(followed.map((item) => ({ ref: item.ref!, outcome: 'succeeded', error: null })));
      return (await repository.get(jobId, ALL_PROJECTS))!;
    },
    (job) => job.status === 'done',
  );
}

// Two runners, each on its own pool of connections to PostgreSQL: the claims really race there.
describe.skipIf(process.env['FAROLA_SKIP_EXTERNAL'] === '1')('the job engine, two runners on PostgreSQL', () => {
  const schema = `jobs_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const url = inSchema(schema);
  const opened: Database[] = [];
  afterAll(async () => {
    for (const db of opened) await db.close();
    await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  });

  it('starts every item exactly once when two runners claim the same job at once', async () => {
    await admin(`CREATE SCHEMA ${schema}`);
    const first = await openPostgres(url);
    const second = await openPostgres(url);
    opened.push(first, second);
    await migrate(first, ALL_MIGRATIONS);
    const jobId = await createJob(first);
    const kinds = [countingKind({ delayMs: 20 }), countingKind({ delayMs: 20 })];
    const runners = [runnerOn(first), runnerOn(second)];
    runners.forEach((runner, i) => runner.register(kinds[i]!.kind));
    runners.forEach((runner) => runner.launch(jobId));

    const job = await settleAll(runners[0]!, first, jobId);
    await Promise.all(runners.map((runner) => runner.close()));
    expect(job).toMatchObject({ succeeded: ITEMS, pending: 0, failed: 0 });
    const counts = new Map<string, number>();
    for (const { starts } of kinds) for (const [id, n] of starts) counts.set(id, (counts.get(id) ?? 0) + n);
    expect(counts.size).toBe(ITEMS);
    expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
    // Both did part of the work.
    expect(kinds.map(({ starts }) => starts.size > 0)).toEqual([true, true]);
  }, 60_000);
});

describe('the job engine, on the embedded database', () => {
  let db: Database;
  afterAll(async () => {
    await db.close();
  });

  it('resumes a job whose runner was killed mid-batch: another runner takes its items once the lease ends', async () => {
    db = await openPglite('memory://');
    await migrate(db, ALL_MIGRATIONS);
    const jobId = await createJob(db, 1_500);
    // The first runner claims a batch, starts it, and never comes back (killed: no stop, no release).
    const killed = countingKind({ hang: true });
    const dead = runnerOn(db, { leaseMs: 500 });
    dead.register(killed.kind);
    dead.launch(jobId);
    await until(
      () => Promise.resolve(killed.starts.size),
      (n) => n > 0,
    );
    // A runner started afterwards (the server restarted, or another process) finds the job.
    const survivor = countingKind();
    const next = runnerOn(db, { pollMs: 100 });
    next.register(survivor.kind);
    next.start();
    const job = await settleAll(next, db, jobId);
    await next.close();
    expect(job).toMatchObject({ succeeded: 1_500, pending: 0 });
    // It started every item, those the killed runner held included (after their lease ran out).
    expect(survivor.starts.size).toBe(1_500);
    expect([...survivor.starts.values()].every((n) => n === 1)).toBe(true);
  }, 60_000);

  it('ends the items whose followed work ended before their start was recorded (a device that answers at once)', async () => {
    const jobId = await createJob(db, 50);
    const runner = runnerOn(db);
    runner.register({
      ...countingKind().kind,
      start: async (_job, items) => {
        const refs = items.map((item) => `ref-${item.itemId}`);
        runner.settle(refs.map((ref) => ({ ref, outcome: 'succeeded', error: null })));
        // Longer than the runner waits before writing ends: they are written before the starts are.
        await sleep(400);
        return items.map((item, i) => ({ itemId: item.itemId, ref: refs[i]!, outcome: 'pending', error: null }));
      },
    });
    runner.launch(jobId);
    const job = await until(
      async () => (await new JobRepository(db).get(jobId, ALL_PROJECTS))!,
      (value) => value.status === 'done',
      5_000,
    );
    await runner.close();
    expect(job).toMatchObject({ succeeded: 50, pending: 0 });
  });

  it('cancels a job whose batch is starting: the starts a cancel overtook are abandoned, the rest end failed', async () => {
    const jobId = await createJob(db, 1_500);
    const slow = countingKind({ delayMs: 300 });
    const runner = runnerOn(db);
    runner.register(slow.kind);
    runner.launch(jobId);
    await until(
      () => Promise.resolve(slow.starts.size),
      (n) => n > 0,
    );
    expect(await runner.cancel(jobId)).toBe(true);
    await until(
      () => Promise.resolve(slow.abandoned.length),
      (n) => n === 1_000,
    );
    const job = (await new JobRepository(db).get(jobId, ALL_PROJECTS))!;
    await runner.close();
    expect(job).toMatchObject({ status: 'cancelled', failed: 1_500, pending: 0 });
    // Only the batch in flight was ever started.
    expect(slow.starts.size).toBe(1_000);
    expect(await runner.cancel(jobId)).toBe(false);
  }, 60_000);
});

describe('the migration of stored bulk jobs into the engine', () => {
  it('keeps every bulk job and item, a running one still resumable', async () => {
    const migrations = migrationsUpTo('027_jobs.sql');
    const db = await openPglite('memory://');
    try {
      await migrate(db, migrations.folders);
      const projectId = randomUUID();
      const [job] = await db.query<{ id: string }>(
        `INSERT INTO bulk_jobs (action, params, status, project_ids, created_by)
         VALUES ('setOperateMode', '{"mode":"automatic"}', 'running', ARRAY[$1]::uuid[], 'ana') RETURNING id`,
        [projectId],
      );
      const deviceIds = [randomUUID(), randomUUID()];
      const requestId = randomUUID();
      await db.query(
        `INSERT INTO bulk_job_items (job_id, device_id, serial_number, name, outcome, request_id, started)
         VALUES ($1, $2, 'SN-1', 'Lamp 1', 'pending', $4, true), ($1, $3, 'SN-2', 'Lamp 2', 'pending', NULL, false)`,
        [job!.id, deviceIds[0], deviceIds[1], requestId],
      );
      migrations.all();
      await migrate(db, migrations.folders);

      const repository = new JobRepository(db);
      expect(await repository.get(job!.id, [projectId], 'bulk')).toMatchObject({
        kind: 'bulk',
        action: 'setOperateMode',
        params: { mode: 'automatic' },
        status: 'running',
        createdBy: 'ana',
        pending: 2,
      });
      expect((await repository.items(job!.id, { limit: 10 })).items).toEqual([
        { itemId: deviceIds[0], sortKey: 'SN-1', label: 'Lamp 1', outcome: 'pending', error: null, ref: requestId },
        { itemId: deviceIds[1], sortKey: 'SN-2', label: 'Lamp 2', outcome: 'pending', error: null, ref: null },
      ]);
      expect(await repository.claimable(['bulk'])).toEqual([job!.id]);
      expect(await db.query(`SELECT to_regclass('bulk_jobs') AS t`)).toEqual([{ t: null }]);
    } finally {
      await db.close();
      migrations.remove();
    }
  }, 60_000);
});
