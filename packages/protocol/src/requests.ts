import { z } from 'zod';
import { CommandNameSchema } from './command-names';
import { ErrorCodeSchema } from './errors';
import { CommandDetailSchema } from './mqtt';
import { PageQuerySchema } from './pagination';
import { IsoDateTimeSchema, JsonRecordSchema, text } from './primitives';

/** Queued request statuses (spec §4). `IN_PROGRESS` is the only one that can still change. */
export const QueuedRequestStatusSchema = z.enum(['IN_PROGRESS', 'DONE', 'ERROR', 'CANCELLED']);
export type QueuedRequestStatus = z.infer<typeof QueuedRequestStatusSchema>;
export const FINAL_REQUEST_STATUSES: readonly QueuedRequestStatus[] = ['DONE', 'ERROR', 'CANCELLED'];

/**
 * A command sent to a device, from acceptance to its end state. `attempt` counts deliveries
 * to the device (re-sent when the device stays silent); `progress` is 0–100.
 *
 * @example
 * { "id": "…", "deviceId": "…", "command": "switchOff", "params": {}, "status": "DONE",
 *   "progress": 100, "attempt": 1, "error": null, … }
 */
export const QueuedRequestSchema = z.object({
  id: z.uuid(),
  deviceId: z.uuid(),
  projectId: z.uuid(),
  command: CommandNameSchema,
  params: JsonRecordSchema,
  status: QueuedRequestStatusSchema,
  progress: z.number().int().min(0).max(100),
  attempt: z.number().int().min(1),
  error: z.object({ code: ErrorCodeSchema, message: text() }).nullable(),
  /** The latest step and attempt the device reported (installation), or null. */
  detail: CommandDetailSchema.nullable(),
  requestedBy: text().nullable(),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
  finishedAt: IsoDateTimeSchema.nullable(),
});
export type QueuedRequest = z.infer<typeof QueuedRequestSchema>;

export const QueuedRequestListQuerySchema = PageQuerySchema.extend({
  deviceId: z.uuid().optional(),
  projectId: z.uuid().optional(),
  status: QueuedRequestStatusSchema.optional(),
});
export type QueuedRequestListQuery = z.infer<typeof QueuedRequestListQuerySchema>;
