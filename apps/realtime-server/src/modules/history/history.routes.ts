import { DeviceHistoryQuerySchema, LogRecordSchema, pageSchema } from '@farola/protocol';
import { defineRoute, type Route } from '../../http/define-route';
import type { HistoryService } from './history.service';

export function historyRoutes(history: HistoryService): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/devices/:id/history',
      operationId: 'getDeviceHistory',
      summary: "A device's logged hourly records as it uploaded them (uploadLog), oldest first",
      roles: [],
      id: { description: 'Device id' },
      query: DeviceHistoryQuerySchema,
      response: { component: 'LogRecordPage', schema: pageSchema(LogRecordSchema) },
      handler: ({ user, id, query }) => history.list(user, id, query),
    }),
  ];
}
