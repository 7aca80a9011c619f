import type { Logger } from 'pino';
import type { Database } from '../db/database';
import type { LifecyclePart } from './lifecycle';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface Retention {
  /** What is purged, for the logs: 'device events'. */
  what: string;
  /** The tables the purge deletes from (vacuumed after a purge that deleted rows, on PGlite). */
  tables: readonly string[];
  /** Rows older than this many days go. */
  days: number;
  /** Deletes what is older than `cutoff`; resolves with the count. */
  purge: (cutoff: Date) => Promise<number>;
}

/**
 * A module's retention as a background part: purges now and then hourly (a purge never overlaps
 * the one before), and on the embedded PGlite, which runs no autovacuum, vacuums the table after
 * a purge that deleted rows so that its space is reused instead of the folder growing. Stopping
 * waits for a purge under way. Purges are idempotent deletes by age: two server processes may run
 * them side by side.
 */
export function retentionPart(
  retention: Retention,
  db: Pick<Database, 'kind' | 'exec'>,
  logger: Logger,
): LifecyclePart {
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const purge = () => {
    if (running) return;
    const cutoff = new Date(Date.now() - retention.days * DAY_MS);
    running = retention
      .purge(cutoff)
      .then(async (deleted) => {
        if (deleted === 0) return;
        logger.info({ deleted, cutoff }, `old ${retention.what} deleted`);
        if (db.kind === 'pglite') await db.exec(`VACUUM ${retention.tables.join(', ')}`);
      })
      .catch((error: unknown) => logger.error({ err: error }, `the retention of ${retention.what} failed`))
      .finally(() => {
        running = null;
      });
  };
  return {
    name: `${retention.what} retention`,
    start: () => {
      purge();
      timer = setInterval(purge, HOUR_MS);
      timer.unref();
    },
    stop: async () => {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
