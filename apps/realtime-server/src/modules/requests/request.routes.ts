import {
  ACTION_ROLES,
  CancelRequestsResultSchema,
  CancelRequestsSchema,
  CommandRequestSchema,
  pageSchema,
  QueuedRequestListQuerySchema,
  QueuedRequestSchema,
} from '@farola/protocol';
import { defineRoute, type Route } from '../../http/define-route';
import type { RequestService } from './request.service';

// An id that is not a UUID cannot name a queued request: 'Queued command not found'.
const requestId = { description: 'Request id', invalid: 'QUEUED_COMMAND_NOT_FOUND' } as const;

export function requestRoutes(requests: RequestService): Route[] {
  return [
    defineRoute({
      method: 'post',
      path: '/devices/:id/commands',
      operationId: 'sendCommand',
      summary: 'Queue a command for a device',
      roles: ACTION_ROLES.commandDevices,
      id: { description: 'Device id' },
      body: { component: 'CommandRequest', schema: CommandRequestSchema, invalid: 'UNABLE_TO_EXECUTE_COMMAND' },
      response: {
        component: 'QueuedRequest',
        schema: QueuedRequestSchema,
        status: 202,
        description: 'Accepted: the queued request',
      },
      handler: ({ user, id, body }) => requests.submit(user, id, body),
    }),
    defineRoute({
      method: 'get',
      path: '/queued-requests',
      operationId: 'listQueuedRequests',
      summary: 'Queued requests, newest first',
      roles: [],
      query: QueuedRequestListQuerySchema,
      response: { component: 'QueuedRequestPage', schema: pageSchema(QueuedRequestSchema) },
      handler: ({ user, query }) => requests.list(user, query),
    }),
    defineRoute({
      method: 'post',
      path: '/queued-requests/cancel',
      operationId: 'cancelQueuedRequests',
      summary: 'Cancel many requests still in progress, with an outcome per id',
      roles: ACTION_ROLES.commandDevices,
      body: { component: 'CancelRequests', schema: CancelRequestsSchema },
      response: { component: 'CancelRequestsResult', schema: CancelRequestsResultSchema },
      handler: ({ user, body }) => requests.cancelMany(user, body.ids),
    }),
    defineRoute({
      method: 'get',
      path: '/queued-requests/:id',
      operationId: 'getQueuedRequest',
      summary: 'One queued request',
      roles: [],
      id: requestId,
      response: { component: 'QueuedRequest', schema: QueuedRequestSchema },
      handler: ({ user, id }) => requests.get(user, id),
    }),
    defineRoute({
      method: 'post',
      path: '/queued-requests/:id/cancel',
      operationId: 'cancelQueuedRequest',
      summary: 'Cancel a request still in progress',
      roles: ACTION_ROLES.commandDevices,
      id: requestId,
      response: { component: 'QueuedRequest', schema: QueuedRequestSchema, description: 'The cancelled request' },
      errors: [409],
      handler: ({ user, id }) => requests.cancel(user, id),
    }),
  ];
}
