import { once } from 'node:events';
import { access, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import {
  deserializeError,
  type WorkerOptions,
  type WorkerReply,
  type WorkerRequest,
  type WorkerStartup,
} from './pglite-messages';

/** What a repository needs from a connection: parameterised queries returning rows. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/**
 * One interface over embedded PGlite and PostgreSQL, so repositories hold the same SQL for both.
 * Timestamps come back as Date and jsonb as objects on both engines.
 */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const MEMORY = 'memory://';

/** See `useClusterTemplate`. */
let clusterTemplate: string | null = null;

/**
 * Makes every later `openPglite` of this process that creates a database — `memory://`, or a folder
 * that holds none yet — start from `file`, a cluster's files as PGlite's `dumpDataDir` writes
 * them, instead of creating the cluster (PostgreSQL's initdb: about 2 s of CPU, where loading the
 * files takes 0.5 s). For the test suites, which open a new database per file or per test: a fresh
 * cluster's files, or one whose migrations already ran (the server's start then finds none to
 * apply). `null` goes back to creating each one.
 */
export function useClusterTemplate(file: string | null): void {
  clusterTemplate = file;
}

/** See `reusePgliteThreads`. */
let reuseThreads = false;
/** Threads whose in-memory database was closed, kept for the next `memory://` open. */
const parked: Worker[] = [];
/** At most this many threads are kept: each holds PGlite's code and memory. */
const PARKED_MAX = 2;

/**
 * For the test suites, which open and close hundreds of in-memory databases: a closed `memory://`
 * database's thread is kept and opens the next one, instead of a new thread loading tsx, PGlite and
 * the template file again (about 0.4 of the 1.5 s of CPU an open costs). A server opens one
 * database and never sets it.
 */
export function reusePgliteThreads(on: boolean): void {
  reuseThreads = on;
  if (!on) for (const worker of parked.splice(0)) void worker.terminate();
}

/** A kept thread with a new database open in it, or null when none is kept (or the kept one failed). */
async function reopenParked(options: WorkerOptions): Promise<Worker | null> {
  const worker = parked.pop();
  if (!worker) return null;
  worker.ref();
  worker.postMessage({ id: 0, op: 'open', dataDir: options.dataDir, template: options.template });
  // `once` removes only its own listeners: a Worker's own (which start its port) must stay.
  const opened = await once(worker, 'message').then(
    ([reply]) => reply as WorkerReply,
    () => null,
  );
  if (opened?.ok) return worker;
  await worker.terminate();
  return null;
}

/** Whether the folder holds a PostgreSQL cluster (PGlite refuses to load a template over one). */
const holdsCluster = (dataDir: string) =>
  access(path.join(dataDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );

/**
 * PGlite (PostgreSQL in WebAssembly) in a worker thread, so that its synchronous work never
 * stalls the event loop. `dataDir` is a folder, held by this process alone while open (another
 * process's open fails with DataDirInUseError), or `memory://` for a database that lives as long
 * as the process. `close()` waits for the statements already sent, then closes PGlite, ends the
 * thread and releases the folder.
 */
export async function openPglite(dataDir: string): Promise<Database> {
  let release = () => Promise.resolve();
  if (!dataDir.includes('://')) {
    // PGlite creates its own folder but not the parents (`.data/` on a first start).
    await mkdir(dataDir, { recursive: true });
    release = await lockDataDir(dataDir);
  }
  let worker: Worker;
  try {
    // Only the test suites set a template: a server's start looks for no cluster to skip.
    const template =
      clusterTemplate !== null && (dataDir === MEMORY || (!dataDir.includes('://') && !(await holdsCluster(dataDir))))
        ? clusterTemplate
        : null;
    const options = { dataDir, template };
    worker =
      (reuseThreads && dataDir === MEMORY ? await reopenParked(options) : null) ?? (await startPgliteWorker(options));
  } catch (error) {
    await release();
    throw error;
  }
  let nextId = 1;
  let nextTx = 1;
  let closed: Promise<void> | null = null;
  const waiting = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: unknown) => void }>();
  let stopped: Error | null = null;
  const failAll = (error: Error) => {
    stopped ??= error;
    for (const pending of waiting.values()) pending.reject(error);
    waiting.clear();
  };
  const onMessage = (reply: WorkerReply) => {
    const pending = waiting.get(reply.id);
    if (!pending) return;
    waiting.delete(reply.id);
    if (reply.ok) pending.resolve(reply.rows ?? []);
    else pending.reject(deserializeError(reply.error));
  };
  const onError = (error: Error) => failAll(error);
  const onExit = (code: number) => failAll(new Error(`the PGlite worker stopped (exit code ${code})`));
  worker.on('message', onMessage);
  worker.on('error', onError);
  worker.on('exit', onExit);

  const send = (request: DistributiveOmit<WorkerRequest, 'id'>): Promise<unknown[]> => {
    if (stopped) return Promise.reject(stopped);
    if (closed && request.op !== 'close') return Promise.reject(new Error('the database is closed'));
    const id = nextId++;
    return new Promise<unknown[]>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ ...request, id });
    });
  };
  const scoped = (tx?: number): Queryable => ({
    query: async <T>(sql: string, params: unknown[] = []) =>
      (await send(tx === undefined ? { op: 'query', sql, params } : { op: 'query', sql, params, tx })) as T[],
    exec: async (sql: string) => {
      await send(tx === undefined ? { op: 'exec', sql } : { op: 'exec', sql, tx });
    },
  });
  return {
    kind: 'pglite',
    ...scoped(),
    async transaction(work) {
      const tx = nextTx++;
      await send({ op: 'begin', tx });
      let result;
      try {
        result = await work(scoped(tx));
      } catch (error) {
        await send({ op: 'rollback', tx }).catch(() => undefined);
        throw error;
      }
      await send({ op: 'commit', tx });
      return result;
    },
    close() {
      let closedCleanly = false;
      closed ??= send({ op: 'close' })
        .then(() => {
          closedCleanly = true;
        })
        .finally(async () => {
          if (closedCleanly && reuseThreads && dataDir === MEMORY && parked.length < PARKED_MAX && !stopped) {
            // Kept for the next open; it must not keep the process alive meanwhile. Only this
            // database's listeners go: a Worker's own (which start its port) must stay.
            worker.off('message', onMessage);
            worker.off('error', onError);
            worker.off('exit', onExit);
            worker.unref();
            parked.push(worker);
          } else {
            await worker.terminate();
          }
          await release();
        });
      return closed;
    },
  };
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * Starts the worker and resolves once PGlite is open in it. The worker is TypeScript: it runs
 * through tsx's loader, registered inside the thread, whether the server runs under tsx or vitest.
 */
async function startPgliteWorker(options: WorkerOptions): Promise<Worker> {
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const script = new URL('./pglite-worker.ts', import.meta.url).href;
  const worker = new Worker(
    `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(script)}); })`,
    { eval: true, workerData: options, execArgv: [] },
  );
  const startup = await new Promise<WorkerStartup>((resolve, reject) => {
    const onExit = (code: number) => reject(new Error(`the PGlite worker stopped while starting (exit code ${code})`));
    worker.once('error', reject);
    worker.once('exit', onExit);
    worker.once('message', (message: WorkerStartup) => {
      worker.off('error', reject);
      worker.off('exit', onExit);
      resolve(message);
    });
  });
  if (!startup.ready) {
    await worker.terminate();
    throw deserializeError(startup.error);
  }
  return worker;
}

export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client's error (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const wrap = (target: pg.Pool | pg.PoolClient): Queryable => ({
    query: async <T>(sql: string, params: unknown[] = []) => (await target.query(sql, params)).rows as T[],
    exec: async (sql: string) => {
      await target.query(sql);
    },
  });
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export function openDatabase(options: { databaseUrl: string | null; dataDir: string }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
