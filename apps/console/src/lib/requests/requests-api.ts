import {
  pageSchema,
  QueuedRequestSchema,
  type CommandName,
  type CommandRequest,
  type Page,
  type QueuedRequest,
} from '@farola/protocol';
import { apiGet, apiPost } from '@/lib/api/client';

const RequestPageSchema = pageSchema(QueuedRequestSchema);

/** How many of a device's latest requests a request list shows. */
export const RECENT_REQUESTS = 20;

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

/**
 * The device's latest request of one command, or of any of several (`GET /queued-requests?deviceId=&command=&limit=1`,
 * newest first), or null.
 */
export async function fetchLatestRequest(
  deviceId: string,
  command: CommandName | readonly CommandName[],
): Promise<QueuedRequest | null> {
  const page = await apiGet('queued-requests', RequestPageSchema, { deviceId, command, limit: 1 });
  return page.items[0] ?? null;
}
