import {
  DeviceEventSchema,
  pageSchema,
  QueuedRequestSchema,
  type CommandRequest,
  type DeviceEvent,
  type Page,
  type QueuedRequest,
} from '@farola/protocol';
import { apiGet, apiPost } from '@/lib/api/client';

const EventPageSchema = pageSchema(DeviceEventSchema);
const RequestPageSchema = pageSchema(QueuedRequestSchema);

/** How many events one 'Show more' loads. */
export const EVENTS_PAGE_SIZE = 20;
/** How many of the device's latest requests the panel lists. */
export const RECENT_REQUESTS = 20;

export function fetchDeviceEvents(deviceId: string, cursor?: string): Promise<Page<DeviceEvent>> {
  return apiGet(`devices/${encodeURIComponent(deviceId)}/events`, EventPageSchema, { limit: EVENTS_PAGE_SIZE, cursor });
}

export function fetchDeviceRequests(deviceId: string): Promise<Page<QueuedRequest>> {
  return apiGet('queued-requests', RequestPageSchema, { deviceId, limit: RECENT_REQUESTS });
}

export function fetchRequest(requestId: string): Promise<QueuedRequest> {
  return apiGet(`queued-requests/${encodeURIComponent(requestId)}`, QueuedRequestSchema);
}

export function sendCommand(deviceId: string, command: CommandRequest): Promise<QueuedRequest> {
  return apiPost(`devices/${encodeURIComponent(deviceId)}/commands`, command, QueuedRequestSchema);
}

export function cancelRequest(requestId: string): Promise<QueuedRequest> {
  return apiPost(`queued-requests/${encodeURIComponent(requestId)}/cancel`, {}, QueuedRequestSchema);
}
