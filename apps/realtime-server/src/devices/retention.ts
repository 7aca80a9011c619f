import type { Logger } from 'pino';
import type { EventRepository } from '../repositories/event.repository';

const HOUR_MS = 3_600_000;

/** Deletes device events older than the retention period, now and then hourly. Returns the stop function. */
export function startEventRetention(events: EventRepository, retentionDays: number, logger: Logger): () => void {
  const purge = () => {
    const cutoff = new Date(Date.now() - retentionDays * 24 * HOUR_MS);
    events
      .deleteOlderThan(cutoff)
      .then((deleted) => deleted > 0 && logger.info({ deleted, cutoff }, 'old device events deleted'))
      .catch((error: unknown) => logger.error({ err: error }, 'event retention failed'));
  };
  purge();
  const timer = setInterval(purge, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
