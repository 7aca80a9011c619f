/**
 * What `database.ts` and the PGlite worker thread (`pglite-worker.ts`) say to each other. Every
 * request carries an id that its reply repeats; statements inside a transaction name it by `tx`.
 */
export type WorkerRequest =
  | { id: number; op: 'query'; sql: string; params: unknown[]; tx?: number }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'begin'; tx: number }
  | { id: number; op: 'commit' | 'rollback'; tx: number }
  | { id: number; op: 'close' }
  /** A closed worker kept for reuse (the test suites') opens another database: see `reusePgliteThreads`. */
  | { id: number; op: 'open'; dataDir: string; template: string | null };

export type WorkerReply =
  { id: number; ok: true; rows?: unknown[] } | { id: number; ok: false; error: SerializedError };

/** The worker's start-up: ready once PGlite is open, or the reason it could not open. */
export type WorkerStartup = { ready: true } | { ready: false; error: SerializedError };

/** An error as it crosses threads: its message and PostgreSQL's fields (code, detail, …). */
export interface SerializedError {
  name: string;
  message: string;
  fields: Record<string, unknown>;
}

export interface WorkerOptions {
  dataDir: string;
  /** A `dumpDataDir` file to load into a new database instead of creating its cluster. */
  template: string | null;
}

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

export function deserializeError(serialized: SerializedError): Error {
  const error = new Error(serialized.message);
  error.name = serialized.name;
  return Object.assign(error, serialized.fields);
}
