import {
  DEVICE_LIST_STATUSES,
  DEVICE_STATUSES,
  VendorSchema,
  type DeviceStatus,
  type DeviceType,
  type Vendor,
} from '@farola/protocol';
import type { ApiQuery } from '@/lib/api/client';

/**
 * The lists of each inventory page: every device, and the Inventory (not installed yet) and
 * Maintenance lists of spec §2, whose statuses the server defines (`DEVICE_LIST_STATUSES`).
 */
export const LIST_VIEWS = ['all', 'inventory', 'maintenance'] as const;
export type ListView = (typeof LIST_VIEWS)[number];

export const PAGE_SIZES = [25, 50, 100, 200] as const;
const DEFAULT_PAGE_SIZE = 50;

export const CONNECTION_FILTERS = ['connected', 'disconnected'] as const;
export type ConnectionFilter = (typeof CONNECTION_FILTERS)[number];

/** What an inventory list shows, kept in the page's URL so a filtered list can be shared and reloaded. */
export interface InventoryFilters {
  view: ListView;
  q?: string | undefined;
  status?: DeviceStatus | undefined;
  connection?: ConnectionFilter | undefined;
  vendor?: Vendor | undefined;
  projectId?: string | undefined;
  /** A group's devices (for a default group, its project's devices put in no other group). */
  groupId?: string | undefined;
  /** Installation date range, `YYYY-MM-DD`, both ends included. */
  installedFrom?: string | undefined;
  installedTo?: string | undefined;
  limit: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((candidate) => candidate === value);
}

/** The filters a list URL's query holds; anything unknown or malformed is left out. */
export function parseFilters(search: string): InventoryFilters {
  const params = new URLSearchParams(search);
  const date = (name: string) => {
    const value = params.get(name);
    return value !== null && DATE.test(value) ? value : undefined;
  };
  const limit = Number(params.get('limit'));
  const view = oneOf(LIST_VIEWS, params.get('view')) ?? 'all';
  return {
    view,
    q: params.get('q')?.trim() || undefined,
    status: oneOf(statusOptions(view), params.get('status')),
    connection: oneOf(CONNECTION_FILTERS, params.get('connection')),
    vendor: oneOf(VendorSchema.options, params.get('vendor')),
    projectId: params.get('projectId') ?? undefined,
    groupId: params.get('groupId') ?? undefined,
    installedFrom: date('installedFrom'),
    installedTo: date('installedTo'),
    limit: PAGE_SIZES.find((size) => size === limit) ?? DEFAULT_PAGE_SIZE,
  };
}

/** The list URL's query for `filters`, leaving defaults out. */
export function filtersSearch(filters: InventoryFilters): Record<string, string | undefined> {
  return {
    view: filters.view === 'all' ? undefined : filters.view,
    q: filters.q,
    status: filters.status,
    connection: filters.connection,
    vendor: filters.vendor,
    projectId: filters.projectId,
    groupId: filters.groupId,
    installedFrom: filters.installedFrom,
    installedTo: filters.installedTo,
    limit: filters.limit === DEFAULT_PAGE_SIZE ? undefined : String(filters.limit),
  };
}

/** The statuses a list's status filter offers. */
export function statusOptions(view: ListView): readonly DeviceStatus[] {
  return view === 'all' ? DEVICE_STATUSES : DEVICE_LIST_STATUSES[view];
}

/** The midnight that starts `date` (or the next day, for an inclusive upper bound) in the browser's zone, as ISO. */
function dayStart(date: string, addDays = 0): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, (day ?? 1) + addDays).toISOString();
}

/**
 * The `GET /devices` (and CSV export) query for a list of `deviceType` devices: exactly what the
 * page shows, so the export holds what the filters show.
 */
export function devicesQuery(deviceType: DeviceType, filters: InventoryFilters): ApiQuery {
  return {
    deviceType,
    list: filters.view === 'all' ? undefined : filters.view,
    q: filters.q,
    status: filters.status,
    connected: filters.connection === undefined ? undefined : String(filters.connection === 'connected'),
    vendor: filters.vendor,
    projectId: filters.projectId,
    groupId: filters.groupId,
    installedFrom: filters.installedFrom && dayStart(filters.installedFrom),
    installedTo: filters.installedTo && dayStart(filters.installedTo, 1),
    limit: filters.limit,
  };
}
