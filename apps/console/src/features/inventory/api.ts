import {
  DeviceSchema,
  MatchingDeviceIdsSchema,
  pageSchema,
  type Device,
  type MatchingDeviceIds,
  type Page,
} from '@farola/protocol';
import { apiGet, type ApiQuery } from '@/lib/api/client';
import { apiDownload } from '@/lib/api/files';

const DevicePageSchema = pageSchema(DeviceSchema);

/** One page of an inventory list. */
export function fetchDevicePage(query: ApiQuery, cursor?: string): Promise<Page<Device>> {
  return apiGet('devices', DevicePageSchema, { ...query, cursor });
}

/** Downloads every device `query` matches as CSV (the server streams it; paging is left out). */
export function exportDevices(query: ApiQuery, fileName: string): Promise<void> {
  return apiDownload('devices/export.csv', { ...query, limit: undefined }, fileName);
}

/** The ids of every device `query` matches (paging left out), up to what one bulk action takes. */
export function fetchMatchingIds(query: ApiQuery): Promise<MatchingDeviceIds> {
  return apiGet('devices/ids', MatchingDeviceIdsSchema, { ...query, limit: undefined });
}
