import {
  DeviceEventSchema,
  DeviceSchema,
  LogRecordSchema,
  pageSchema,
  type Device,
  type DeviceEdit,
  type DeviceEvent,
  type LogRecord,
  type Page,
} from '@farola/protocol';
import { apiGet, apiGetEveryPage, apiPatch } from '@/lib/api/client';

const EventPageSchema = pageSchema(DeviceEventSchema);

/** How many events one 'Show more' loads. */
export const EVENTS_PAGE_SIZE = 20;

export function fetchDeviceEvents(deviceId: string, cursor?: string): Promise<Page<DeviceEvent>> {
  return apiGet(`devices/${encodeURIComponent(deviceId)}/events`, EventPageSchema, { limit: EVENTS_PAGE_SIZE, cursor });
}

/** Edits the device's notes, fixed-location flag or luminaire fields (`PATCH /devices/{id}`). */
export function editDevice(deviceId: string, edit: DeviceEdit): Promise<Device> {
  return apiPatch(`devices/${encodeURIComponent(deviceId)}`, edit, DeviceSchema);
}

const LogPageSchema = pageSchema(LogRecordSchema);

/**
 * Every stored hourly record of the device from `from` on, oldest first, reading page after page
 * (a year is about 8,800 records).
 */
export function fetchDeviceHistory(deviceId: string, from: string): Promise<LogRecord[]> {
  return apiGetEveryPage(`devices/${encodeURIComponent(deviceId)}/history`, LogPageSchema, { from });
}
