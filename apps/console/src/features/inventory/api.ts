import {
  DeviceSchema,
  MatchingDeviceIdsSchema,
  pageSchema,
  type Device,
  type MatchingDeviceIds,
  type Page,
} from '@farola/protocol';
import i18next from 'i18next';
import { apiGet, type ApiQuery } from '@/lib/api/client';
import { apiDownload } from '@/lib/api/files';
import { DEFAULT_LANGUAGE, toLanguage } from '@/lib/i18n/languages';

const DevicePageSchema = pageSchema(DeviceSchema);

/** One page of an inventory list. */
export function fetchDevicePage(query: ApiQuery, cursor?: string): Promise<Page<Device>> {
  return apiGet('devices', DevicePageSchema, { ...query, cursor });
}

/**
 * Downloads every device `query` matches as CSV (the server streams it; paging is left out), its
 * headers in the interface's language: the import template's, so the file can be imported again.
 */
export function exportDevices(query: ApiQuery, fileName: string): Promise<void> {
  const lang = toLanguage(i18next.language) ?? DEFAULT_LANGUAGE;
  return apiDownload('devices/export.csv', { ...query, limit: undefined, lang }, fileName);
}

/** The ids of every device `query` matches (paging left out), up to what one bulk action takes. */
export function fetchMatchingIds(query: ApiQuery): Promise<MatchingDeviceIds> {
  return apiGet('devices/ids', MatchingDeviceIdsSchema, { ...query, limit: undefined });
}
