import type { FarolaModule } from '../../platform/module';
import { retentionPart } from '../../platform/retention';
import { EventRepository } from './event.repository';

/** The history of device events (connection changes, reports, command progress) and its retention. */
export const eventsModule: FarolaModule = {
  name: 'events',
  description: "Devices' event history and its retention",
  migrations: new URL('./migrations/', import.meta.url),
  setup: ({ db, config, logger }) => {
    const events = new EventRepository(db);
    return {
      services: { eventHistory: events },
      parts: [
        retentionPart(
          {
            what: 'device events',
            tables: ['device_events'],
            days: config.eventRetentionDays,
            purge: (cutoff) => events.deleteOlderThan(cutoff),
          },
          db,
          logger,
        ),
      ],
    };
  },
};
