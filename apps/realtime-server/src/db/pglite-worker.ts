import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import {
  serializeError,
  type WorkerOptions,
  type WorkerReply,
  type WorkerRequest,
  type WorkerStartup,
} from './pglite-messages';

/**
 * PGlite in its own thread: runs the statements `database.ts` sends and answers each. PostgreSQL
 * compiled to WebAssembly runs synchronously; here its work no longer stalls the server's event
 * loop (MQTT ingest, sockets), which before waited for every write batch and checkpoint.
 */
interface OpenTransaction {
  tx: Transaction;
  finish: (commit: boolean) => void;
  done: Promise<unknown>;
}

const port = parentPort!;
const { dataDir, template } = workerData as WorkerOptions;
const transactions = new Map<number, OpenTransaction>();

function reply(message: WorkerReply): void {
  port.postMessage(message);
}

/** The requests being handled, so that a close waits for them. */
const inFlight = new Set<Promise<unknown>>();

/** Template files read by this thread, kept: a thread reused by the test suites opens many databases from one. */
const templates = new Map<string, Blob>();

async function create(dir: string, file: string | null): Promise<PGlite> {
  if (!file) return PGlite.create(dir);
  let blob = templates.get(file);
  if (!blob) {
    blob = new Blob([await readFile(file)]);
    templates.set(file, blob);
  }
  return PGlite.create(dir, { loadDataDir: blob });
}

/** The open database; null between a close and the next open of a reused thread. */
let current: PGlite | null = null;

function database(): PGlite {
  if (!current) throw new Error('the database is closed');
  return current;
}

async function handle(request: WorkerRequest): Promise<WorkerReply> {
  if (request.op === 'open') {
    current = await create(request.dataDir, request.template);
    return { id: request.id, ok: true };
  }
  const db = database();
  switch (request.op) {
    case 'query': {
      const target = request.tx === undefined ? db : transactionOf(request.tx).tx;
      return { id: request.id, ok: true, rows: (await target.query(request.sql, request.params)).rows };
    }
    case 'exec': {
      const target = request.tx === undefined ? db : transactionOf(request.tx).tx;
      await target.exec(request.sql);
      return { id: request.id, ok: true };
    }
    case 'begin':
      await begin(db, request.tx);
      return { id: request.id, ok: true };
    case 'commit':
    case 'rollback': {
      const open = transactionOf(request.tx);
      transactions.delete(request.tx);
      open.finish(request.op === 'commit');
      await open.done;
      return { id: request.id, ok: true };
    }
    case 'close':
      // Everything sent before the close is answered first (the close itself is not in the set yet).
      await Promise.allSettled([...inFlight]);
      await db.close();
      current = null;
      return { id: request.id, ok: true };
  }
}

function transactionOf(id: number): OpenTransaction {
  const open = transactions.get(id);
  if (!open) throw new Error(`no open transaction ${id}`);
  return open;
}

/** Opens a PGlite transaction that stays open until its commit or rollback arrives. */
function begin(db: PGlite, id: number): Promise<void> {
  return new Promise<void>((started, failed) => {
    let finish: (commit: boolean) => void = () => undefined;
    const decided = new Promise<boolean>((resolve) => (finish = resolve));
    const done = db
      .transaction(async (tx) => {
        transactions.set(id, { tx, finish, done });
        started();
        if (!(await decided)) await tx.rollback();
      })
      .catch((error: unknown) => {
        failed(error);
        throw error;
      });
    // A failure reaches whoever awaits `done` (the commit); it must not also end the thread.
    done.catch(() => undefined);
  });
}

async function main(): Promise<void> {
  try {
    current = await create(dataDir, template);
  } catch (error) {
    port.postMessage({ ready: false, error: serializeError(error) } satisfies WorkerStartup);
    return;
  }
  port.on('message', (request: WorkerRequest) => {
    const work = handle(request).then(reply, (error: unknown) =>
      reply({ id: request.id, ok: false, error: serializeError(error) }),
    );
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  });
  port.postMessage({ ready: true } satisfies WorkerStartup);
}

void main();
