import type { FarolaModule } from '../../platform/module';
import { EventRepository } from './event.repository';
import { startEventRetention } from './retention';

/** The history of device events (connection changes, reports, command progress) and its retention. */
export const eventsModule: FarolaModule = {
  name: 'events',
  description: "Devices' event history and its retention",
  migrations: new URL('./migrations/', import.meta.url),
  setup: ({ db, config, logger }) => {
    const events = new EventRepository(db);
    let stopRetention: () => Promise<void> = () => Promise.resolve();
    return {
      services: { eventHistory: events },
      parts: [
        {
          name: 'event retention',
          start: () => {
            stopRetention = startEventRetention(events, config.eventRetentionDays, logger);
          },
          stop: () => stopRetention(),
        },
      ],
    };
  },
};
