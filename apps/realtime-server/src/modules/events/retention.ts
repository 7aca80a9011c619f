import type { Logger } from 'pino';
import type { EventRepository } from './event.repository';

const HOUR_MS = 3_600_000;

/**
 * Deletes device events older than the retention period, now and then hourly; a purge never
 * overlaps the previous one. Returns the stop function, which waits for a purge under way.
 */
export function startEventRetention(
  events: Pick<EventRepository, 'deleteOlderThan'>,
  retentionDays: number,
  logger: Logger,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const purge = () => {
    if (running) return;
    const cutoff = new Date(Date.now() - retentionDays * 24 * HOUR_MS);
    running = events
      .deleteOlderThan(cutoff)
      .then((deleted) => {
        if (deleted > 0) logger.info({ deleted, cutoff }, 'old device events deleted');
      })
      .catch((error: unknown) => logger.error({ err: error }, 'event retention failed'))
      .finally(() => {
        running = null;
      });
  };
  purge();
  const timer = setInterval(purge, HOUR_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
