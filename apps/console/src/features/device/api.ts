import { DeviceEventSchema, pageSchema, type DeviceEvent, type Page } from '@farola/protocol';
import { apiGet } from '@/lib/api/client';

const EventPageSchema = pageSchema(DeviceEventSchema);

/** How many events one 'Show more' loads. */
export const EVENTS_PAGE_SIZE = 20;

export function fetchDeviceEvents(deviceId: string, cursor?: string): Promise<Page<DeviceEvent>> {
  return apiGet(`devices/${encodeURIComponent(deviceId)}/events`, EventPageSchema, { limit: EVENTS_PAGE_SIZE, cursor });
}
