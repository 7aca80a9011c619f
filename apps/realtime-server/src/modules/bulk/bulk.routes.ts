import {
  ACTION_ROLES,
  BulkActionRequestSchema,
  BulkCheckRequestSchema,
  BulkCheckSchema,
  BulkJobItemListQuerySchema,
  BulkJobItemSchema,
  BulkJobListQuerySchema,
  BulkJobSchema,
  pageSchema,
} from '@farola/protocol';
import { defineRoute, type Route } from '../../http/define-route';
import type { BulkService } from './bulk.service';

const jobId = { description: 'Bulk job id', invalid: 'BULK_JOB_NOT_FOUND' } as const;
/** A bulk action names up to 100,000 devices: 100,000 quoted UUIDs and commas, with room. */
const BODY_LIMIT_BYTES = 5 * 1024 * 1024;

export function bulkRoutes(bulk: BulkService): Route[] {
  return [
    defineRoute({
      method: 'post',
      path: '/bulk-actions/check',
      operationId: 'checkBulkAction',
      summary: 'What a bulk action would do: compatibility and the devices it cannot run on',
      roles: ACTION_ROLES.commandDevices,
      body: { component: 'BulkCheckRequest', schema: BulkCheckRequestSchema, limitBytes: BODY_LIMIT_BYTES },
      response: { component: 'BulkCheck', schema: BulkCheckSchema },
      handler: ({ user, body }) => bulk.check(user, body),
    }),
    defineRoute({
      method: 'post',
      path: '/bulk-actions',
      operationId: 'startBulkAction',
      summary: 'Start a bulk action on many devices (one job)',
      roles: ACTION_ROLES.commandDevices,
      body: { component: 'BulkActionRequest', schema: BulkActionRequestSchema, limitBytes: BODY_LIMIT_BYTES },
      response: { component: 'BulkJob', schema: BulkJobSchema, status: 202, description: 'Accepted: the job' },
      errors: [409, 422],
      handler: ({ user, body }) => bulk.start(user, body),
    }),
    defineRoute({
      method: 'get',
      path: '/bulk-actions',
      operationId: 'listBulkActions',
      summary: 'Bulk jobs whose every project the caller sees, newest first',
      roles: ACTION_ROLES.listDevices,
      query: BulkJobListQuerySchema,
      response: { component: 'BulkJobPage', schema: pageSchema(BulkJobSchema) },
      handler: ({ user, query }) => bulk.list(user, query),
    }),
    defineRoute({
      method: 'get',
      path: '/bulk-actions/:id',
      operationId: 'getBulkAction',
      summary: 'One bulk job with its counts',
      roles: ACTION_ROLES.listDevices,
      id: jobId,
      response: { component: 'BulkJob', schema: BulkJobSchema },
      handler: ({ user, id }) => bulk.get(user, id),
    }),
    defineRoute({
      method: 'get',
      path: '/bulk-actions/:id/items',
      operationId: 'listBulkActionItems',
      summary: "A bulk job's devices with their outcomes, by serial number",
      roles: ACTION_ROLES.listDevices,
      id: jobId,
      query: BulkJobItemListQuerySchema,
      response: { component: 'BulkJobItemPage', schema: pageSchema(BulkJobItemSchema) },
      handler: ({ user, id, query }) => bulk.items(user, id, query),
    }),
    defineRoute({
      method: 'post',
      path: '/bulk-actions/:id/cancel',
      operationId: 'cancelBulkAction',
      summary: 'Cancel the items of a running bulk job not finished yet',
      roles: ACTION_ROLES.commandDevices,
      id: jobId,
      response: { component: 'BulkJob', schema: BulkJobSchema, description: 'The cancelled job' },
      errors: [409],
      handler: ({ user, id }) => bulk.cancel(user, id),
    }),
  ];
}
