// What the events module offers other modules: the only file of it they import (lint: no-restricted-paths).
import type { EventRepository, EventWrite } from './event.repository';

export type { EventRepository, EventWrite };

declare module '../../platform/services' {
  interface ServiceMap {
    /** Device event history: written by the device data write-behind, read by the device routes. */
    eventHistory: EventRepository;
  }
}
