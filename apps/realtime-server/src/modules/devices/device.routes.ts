import { z } from 'zod';
import {
  ACTION_ROLES,
  DeviceEditSchema,
  DeviceEventListQuerySchema,
  DeviceEventSchema,
  DeviceExportQuerySchema,
  DeviceIdsQuerySchema,
  DeviceListQuerySchema,
  DeviceSchema,
  MatchingDeviceIdsSchema,
  pageSchema,
} from '@farola/protocol';
import { defineRoute, type Route } from '../../http/define-route';
import type { DeviceService } from './device.service';

export function deviceRoutes(devices: DeviceService): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/devices/export.csv',
      operationId: 'exportDevices',
      summary: 'Every device matching the inventory filters, as CSV (streamed)',
      roles: ACTION_ROLES.listDevices,
      query: DeviceExportQuerySchema,
      response: {
        component: 'DeviceExportCsv',
        schema: z.void(),
        description: 'text/csv: a header row of DEVICE_EXPORT_COLUMNS, then one row per device',
      },
      handler: ({ user, query, res }) => devices.exportCsv(user, query, res),
    }),
    defineRoute({
      method: 'get',
      path: '/devices/ids',
      operationId: 'listDeviceIds',
      summary:
        'The ids of every device matching the inventory filters, in list order, up to BULK_DEVICES_MAX (for a bulk action on all of them)',
      roles: ACTION_ROLES.listDevices,
      query: DeviceIdsQuerySchema,
      response: { component: 'MatchingDeviceIds', schema: MatchingDeviceIdsSchema },
      handler: ({ user, query }) => devices.matchingIds(user, query),
    }),
    defineRoute({
      method: 'get',
      path: '/devices',
      operationId: 'listDevices',
      summary: 'Devices, filtered and paged',
      roles: ACTION_ROLES.listDevices,
      query: DeviceListQuerySchema,
      response: { component: 'DevicePage', schema: pageSchema(DeviceSchema) },
      handler: ({ user, query }) => devices.list(user, query),
    }),
    defineRoute({
      method: 'get',
      path: '/devices/:id',
      operationId: 'getDevice',
      summary: 'One device with its latest attributes',
      roles: [],
      id: { description: 'Device id' },
      response: { component: 'Device', schema: DeviceSchema },
      handler: ({ user, id }) => devices.get(user, id),
    }),
    defineRoute({
      method: 'patch',
      path: '/devices/:id',
      operationId: 'editDevice',
      summary:
        "Edits a device's notes, fixed-location flag or luminaire fields (luminaire serial number unique), recording who did",
      roles: ACTION_ROLES.editDevices,
      id: { description: 'Device id' },
      body: { component: 'DeviceEdit', schema: DeviceEditSchema },
      response: { component: 'Device', schema: DeviceSchema },
      handler: ({ user, id, body }) => devices.edit(user, id, body),
    }),
    defineRoute({
      method: 'get',
      path: '/devices/:id/events',
      operationId: 'listDeviceEvents',
      summary: "A device's events, newest first",
      roles: [],
      id: { description: 'Device id' },
      query: DeviceEventListQuerySchema,
      response: { component: 'DeviceEventPage', schema: pageSchema(DeviceEventSchema) },
      handler: ({ user, id, query }) => devices.events(user, id, query),
    }),
  ];
}
