import { mkdir, mkdtemp, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_DIR_LOCK, DataDirInUseError } from './data-dir-lock';
import { type Database, openPglite, reusePgliteThreads } from './database';

describe('embedded PGlite (in its worker thread)', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPglite('memory://');
    await db.exec('CREATE TABLE lamps (serial text PRIMARY KEY, installed timestamptz, settings jsonb)');
  });
  afterAll(async () => {
    await db.close();
  });

  it('returns timestamps as Date and jsonb as objects, as on PostgreSQL', async () => {
    const installed = new Date('2026-11-23T10:00:00.000Z');
    await db.query('INSERT INTO lamps VALUES ($1, $2, $3)', ['L-1', installed, { dimming: 70 }]);
    expect(await db.query('SELECT * FROM lamps WHERE serial = $1', ['L-1'])).toEqual([
      { serial: 'L-1', installed, settings: { dimming: 70 } },
    ]);
  });

  it('rejects a failing statement with PostgreSQL’s error code, and keeps serving', async () => {
    await expect(db.query('INSERT INTO lamps (serial) VALUES ($1)', ['L-1'])).rejects.toMatchObject({
      code: '23505',
    });
    await expect(db.query('SELECT * FROM missing')).rejects.toMatchObject({ code: '42P01' });
    expect(await db.query('SELECT count(*)::int AS n FROM lamps')).toEqual([{ n: 1 }]);
  });

  it('commits a transaction’s work, and rolls back one whose work throws', async () => {
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO lamps (serial) VALUES ($1)', ['L-2']);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO lamps (serial) VALUES ($1)', ['L-3']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const serials = await db.query<{ serial: string }>('SELECT serial FROM lamps ORDER BY serial');
    expect(serials.map((row) => row.serial)).toEqual(['L-1', 'L-2']);
  });

  it('answers the statements sent before a close, then refuses new ones', async () => {
    const other = await openPglite('memory://');
    const sent = other.query<{ n: number }>('SELECT 42 AS n');
    await other.close();
    await expect(sent).resolves.toEqual([{ n: 42 }]);
    await expect(other.query('SELECT 1')).rejects.toThrow();
  });
});

describe('embedded PGlite in a folder', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'farola-pglite-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is open in one server at a time: another open of the folder is refused until the first closes', async () => {
    const first = await openPglite(dir);
    await first.exec('CREATE TABLE lamps (serial text)');
    await expect(openPglite(dir)).rejects.toThrow(DataDirInUseError);
    await expect(openPglite(dir)).rejects.toThrow(`DATA_DIR ${dir} is in use by another Farola server`);
    // The refusal touched nothing: the first goes on.
    await first.query('INSERT INTO lamps VALUES ($1)', ['L-1']);
    await first.close();
    const next = await openPglite(dir);
    expect(await next.query('SELECT serial FROM lamps')).toEqual([{ serial: 'L-1' }]);
    await next.close();
  });

  it('opens a folder whose lock a killed server left behind, once that lock has gone stale', async () => {
    const lock = path.join(dir, DATA_DIR_LOCK);
    await mkdir(lock);
    const minuteAgo = new Date(Date.now() - 60_000);
    await utimes(lock, minuteAgo, minuteAgo);
    const db = await openPglite(dir);
    expect(await db.query('SELECT count(*)::int AS n FROM lamps')).toEqual([{ n: 1 }]);
    await db.close();
  });
});

describe('PGlite threads kept for the next in-memory database (the test suites)', () => {
  afterAll(() => reusePgliteThreads(true));

  it("opens each database fresh in a kept thread, never with the last one's rows, and the same without keeping", async () => {
    for (const keep of [true, false]) {
      reusePgliteThreads(keep);
      const first = await openPglite('memory://');
      await first.exec('CREATE TABLE kept (id int)');
      await first.query('INSERT INTO kept VALUES (1)');
      await first.close();
      const second = await openPglite('memory://');
      await expect(second.query('SELECT * FROM kept')).rejects.toMatchObject({ code: '42P01' });
      await second.exec('CREATE TABLE kept (id int)');
      expect(await second.query('SELECT count(*)::int AS n FROM kept')).toEqual([{ n: 0 }]);
      await second.close();
      await expect(second.query('SELECT 1')).rejects.toThrow();
    }
  });
});
