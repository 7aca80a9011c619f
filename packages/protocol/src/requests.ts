import { z } from 'zod';
import { type CommandName, CommandNameSchema } from './command-names';
import { csv } from './devices';
import { type ErrorCode, ErrorCodeSchema } from './errors';
import { CommandDetailSchema, type DeviceErrorCode } from './mqtt';
import { PageQuerySchema } from './pagination';
import { IsoDateTimeSchema, JsonRecordSchema, text } from './primitives';

/** Queued request statuses (spec §4). `IN_PROGRESS` is the only one that can still change. */
export const QueuedRequestStatusSchema = z.enum(['IN_PROGRESS', 'DONE', 'ERROR', 'CANCELLED']);
export type QueuedRequestStatus = z.infer<typeof QueuedRequestStatusSchema>;
export const FINAL_REQUEST_STATUSES: readonly QueuedRequestStatus[] = ['DONE', 'ERROR', 'CANCELLED'];

/**
 * A command sent to a device, from acceptance to its end state. `attempt` counts deliveries
 * to the connected device (re-sent when the device stays silent); `progress` is 0–100. While its
 * device is disconnected a request in progress is not sent: `waitingForDevice` is true, and it is
 * sent the moment the device reconnects, or ends `ERROR` `DEVICE_STAYED_DISCONNECTED` if it is
 * still waiting at `waitUntil` (its creation plus `COMMAND_DEVICE_WAIT_MS[command]`).
 *
 * @example
 * { "id": "…", "deviceId": "…", "command": "switchOff", "params": {}, "status": "DONE",
 *   "progress": 100, "attempt": 1, "error": null, "waitingForDevice": false,
 *   "waitUntil": "2026-05-04T10:15:00.000Z", … }
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
  /** In progress and not sent: its device is disconnected, and it goes out when the device is back. */
  waitingForDevice: z.boolean(),
  /** The latest it waits for a disconnected device; past it, a request still waiting ends in ERROR. */
  waitUntil: IsoDateTimeSchema,
  requestedBy: text().nullable(),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
  finishedAt: IsoDateTimeSchema.nullable(),
});
export type QueuedRequest = z.infer<typeof QueuedRequestSchema>;

/** Commands whose device-side NOT_FOUND is about the fields latitude and longitude: a GPS reading. */
const GPS_COMMANDS: ReadonlySet<CommandName> = new Set(['readLocation']);

/**
 * The catalogue code a request ends with when its device answers an error: `DEVICE_ERROR_<code>`,
 * except that a GPS reading's NOT_FOUND is `NO_GPS_SIGNAL` (spec §8: for the fields latitude and
 * longitude, NOT_FOUND is shown as 'No GPS signal'). Stored so, every reader shows the same message.
 *
 * @example
 * deviceErrorCode('readLocation', 'NOT_FOUND'); // 'NO_GPS_SIGNAL'
 * deviceErrorCode('switchOff', 'NOT_FOUND'); // 'DEVICE_ERROR_NOT_FOUND'
 */
export function deviceErrorCode(command: CommandName, code: DeviceErrorCode): ErrorCode {
  return code === 'NOT_FOUND' && GPS_COMMANDS.has(command) ? 'NO_GPS_SIGNAL' : `DEVICE_ERROR_${code}`;
}

/**
 * Whether a request is a switch-on the device carried out on a circuit without mains (its cabinet
 * controller's output off): done, yet the lamp stays dark until the cabinet powers the circuit. The
 * device says so in the request's `detail` (`mains: false`).
 *
 * @example
 * switchedOnWithoutMains({ command: 'switchOn', status: 'DONE', detail: { mains: false } }); // true
 */
export function switchedOnWithoutMains(request: Pick<QueuedRequest, 'command' | 'status' | 'detail'>): boolean {
  return request.command === 'switchOn' && request.status === 'DONE' && request.detail?.mains === false;
}

/**
 * `GET /queued-requests` query, newest first. `status` and `command` take repeated or
 * comma-separated values; `q` matches the device's serial number or name (or the command);
 * `from`/`to` bound the creation time (a date alone means that whole day in UTC).
 *
 * @example
 * GET /queued-requests?status=IN_PROGRESS&status=ERROR&command=switchOff&from=2026-05-01
 */
export const QueuedRequestListQuerySchema = PageQuerySchema.extend({
  deviceId: z.uuid().optional(),
  projectId: z.uuid().optional(),
  status: csv(QueuedRequestStatusSchema).optional(),
  command: csv(CommandNameSchema).optional(),
  from: z.union([z.iso.date(), IsoDateTimeSchema]).optional(),
  to: z.union([z.iso.date(), IsoDateTimeSchema]).optional(),
});
export type QueuedRequestListQuery = z.infer<typeof QueuedRequestListQuerySchema>;

/** At most this many ids in one `POST /queued-requests/cancel`. */
export const CANCEL_REQUESTS_MAX = 1000;

/** `POST /queued-requests/cancel`: cancel many requests still in progress. */
export const CancelRequestsSchema = z.strictObject({
  ids: z.array(z.uuid()).min(1).max(CANCEL_REQUESTS_MAX),
});
export type CancelRequests = z.infer<typeof CancelRequestsSchema>;

/**
 * One id's outcome in the answer to `POST /queued-requests/cancel`: `cancelled` with the request
 * as it now stands, or `failed` with the reason (`QUEUED_COMMAND_NOT_FOUND`, `QUEUED_COMMAND_FINISHED`).
 */
export const CancelRequestOutcomeSchema = z.discriminatedUnion('outcome', [
  z.object({ id: z.uuid(), outcome: z.literal('cancelled'), request: QueuedRequestSchema }),
  z.object({
    id: z.uuid(),
    outcome: z.literal('failed'),
    error: z.object({ code: ErrorCodeSchema, message: text() }),
  }),
]);
export type CancelRequestOutcome = z.infer<typeof CancelRequestOutcomeSchema>;
export const CancelRequestsResultSchema = z.object({ items: z.array(CancelRequestOutcomeSchema) });
export type CancelRequestsResult = z.infer<typeof CancelRequestsResultSchema>;
