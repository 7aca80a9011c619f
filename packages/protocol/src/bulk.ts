import { z } from 'zod';
import { ErrorCodeSchema } from './errors';
import { OperateModeSchema } from './modes';
import { PageQuerySchema } from './pagination';
import { IsoDateTimeSchema, SerialNumberSchema, text } from './primitives';

/** At most this many devices in one bulk action. */
export const BULK_DEVICES_MAX = 100_000;
/** At most this many unsupported devices are listed in a check or a refusal; the rest are counted. */
export const BULK_UNSUPPORTED_LISTED_MAX = 200;

/**
 * The answer of `GET /devices/ids`: the ids of the devices the inventory filters match, in the
 * list's order, for a bulk action on all of them ('Select all devices that match the filters').
 * `total` counts every match; past `BULK_DEVICES_MAX` (the most one bulk action takes) only the
 * first `BULK_DEVICES_MAX` ids come, and `truncated` is true.
 *
 * @example
 * { "ids": ["…", "…"], "total": 4012, "truncated": false }
 */
export const MatchingDeviceIdsSchema = z.object({
  ids: z.array(z.uuid()).max(BULK_DEVICES_MAX),
  total: z.number().int().min(0),
  truncated: z.boolean(),
});
export type MatchingDeviceIds = z.infer<typeof MatchingDeviceIdsSchema>;

const empty = z.strictObject({});

/**
 * Parameters of each bulk action (spec §2 inventory bulk actions, §4 status actions and
 * 'Disable devices', §5). Command actions queue the device command of the same name
 * (`setOperateMode`, `resetInstallation`, `downloadUpdate`, `applyUpdate`, `switchOn`,
 * `switchOff`, `reboot`); `sendTo…` move the lifecycle (`LIFECYCLE_MOVES`); `changeProject`
 * moves devices to another project the caller may see; `disable` is permanent.
 */
export const BULK_ACTION_PARAMS = {
  switchOn: empty,
  switchOff: empty,
  reboot: empty,
  setOperateMode: z.strictObject({ operateMode: OperateModeSchema }),
  changeProject: z.strictObject({ projectId: z.uuid() }),
  resetInstallation: z.strictObject({ installationDate: z.iso.date() }),
  sendToInstallation: empty,
  sendToRevision: empty,
  sendToMaintenance: empty,
  sendToRetired: empty,
  disable: empty,
  downloadUpdate: z.strictObject({ version: text().min(1).max(40).optional() }),
  applyUpdate: empty,
} as const;

export type BulkActionName = keyof typeof BULK_ACTION_PARAMS;
export const BULK_ACTION_NAMES = Object.keys(BULK_ACTION_PARAMS) as BulkActionName[];
export const BulkActionNameSchema = z.enum(BULK_ACTION_NAMES as [BulkActionName, ...BulkActionName[]]);
export type BulkActionParams<A extends BulkActionName> = z.infer<(typeof BULK_ACTION_PARAMS)[A]>;

/** Destructive actions: the request must carry `consequencesAccepted: true` ('I understand the consequences of this action'). */
export const BULK_ACTIONS_WITH_CONSEQUENCES: readonly BulkActionName[] = ['resetInstallation', 'disable'];

const deviceIds = z.array(z.uuid()).min(1).max(BULK_DEVICES_MAX);

function variant<A extends BulkActionName, S extends z.ZodRawShape>(action: A, extra: S) {
  return z.strictObject({
    action: z.literal(action),
    params: z.preprocess((params) => params ?? {}, BULK_ACTION_PARAMS[action]),
    ...extra,
  });
}

/**
 * The action union with `extra` fields in every variant, and `destructive` (overriding) in those
 * of `BULK_ACTIONS_WITH_CONSEQUENCES`.
 */
function actionUnion<S extends z.ZodRawShape, D extends z.ZodRawShape>(extra: S, destructive: D) {
  const plain = <A extends BulkActionName>(action: A) => variant(action, extra);
  const grave = <A extends BulkActionName>(action: A) => variant(action, { ...extra, ...destructive });
  return z.discriminatedUnion('action', [
    plain('switchOn'),
    plain('switchOff'),
    plain('reboot'),
    plain('setOperateMode'),
    plain('changeProject'),
    grave('resetInstallation'),
    plain('sendToInstallation'),
    plain('sendToRevision'),
    plain('sendToMaintenance'),
    plain('sendToRetired'),
    grave('disable'),
    plain('downloadUpdate'),
    plain('applyUpdate'),
  ]);
}

/**
 * An action with its parameters, as a bulk job records it.
 *
 * @example
 * BulkActionSchema.parse({ action: 'setOperateMode', params: { operateMode: '013' } });
 */
export const BulkActionSchema = actionUnion({}, {});
export type BulkAction = z.infer<typeof BulkActionSchema>;

const choices = { acceptUnsupported: z.boolean().optional(), consequencesAccepted: z.boolean().optional() };

/**
 * `POST /bulk-actions/check`: what would happen, without doing it. It takes the same body as
 * `POST /bulk-actions` (the choices are ignored).
 *
 * @example
 * { "action": "reboot", "params": {}, "deviceIds": ["…", "…"] }
 */
export const BulkCheckRequestSchema = actionUnion({ deviceIds, ...choices }, {});
export type BulkCheckRequest = z.infer<typeof BulkCheckRequestSchema>;

/**
 * `POST /bulk-actions`: start a job. `acceptUnsupported: true` runs it on the devices that support
 * the action and records the others as `skipped`; without it, any unsupported device refuses the
 * whole request (409 `BULK_UNSUPPORTED_DEVICES`). `resetInstallation` and `disable` require
 * `consequencesAccepted: true` (400 `VALIDATION_FAILED` at that path otherwise).
 *
 * @example
 * { "action": "disable", "params": {}, "deviceIds": ["…"], "consequencesAccepted": true }
 */
export const BulkActionRequestSchema = actionUnion(
  { deviceIds, ...choices },
  { consequencesAccepted: z.literal(true) },
);
export type BulkActionRequest = z.infer<typeof BulkActionRequestSchema>;

/** A device the action cannot run on, and why (a catalogue code: METHOD_NOT_ALLOWED, not connected, …). */
export const BulkUnsupportedDeviceSchema = z.object({
  deviceId: z.uuid(),
  serialNumber: SerialNumberSchema,
  name: text(),
  reason: ErrorCodeSchema,
});
export type BulkUnsupportedDevice = z.infer<typeof BulkUnsupportedDeviceSchema>;

/**
 * The answer of `POST /bulk-actions/check`, and the `details` of a `BULK_UNSUPPORTED_DEVICES`
 * refusal. `compatible` is false when the selection mixes vendor families ('Selected items are
 * incompatible'); `unsupported` lists at most `BULK_UNSUPPORTED_LISTED_MAX` devices, `unsupportedTotal`
 * counts them all; `supported` is how many the action would run on.
 */
export const BulkCheckSchema = z.object({
  total: z.number().int().min(0),
  compatible: z.boolean(),
  supported: z.number().int().min(0),
  unsupported: z.array(BulkUnsupportedDeviceSchema),
  unsupportedTotal: z.number().int().min(0),
});
export type BulkCheck = z.infer<typeof BulkCheckSchema>;

/** `running` until every item has its outcome; `cancelled` when cancelled before that. */
export const BulkJobStatusSchema = z.enum(['running', 'done', 'cancelled']);
export type BulkJobStatus = z.infer<typeof BulkJobStatusSchema>;

/**
 * One bulk job: counts of its items by outcome (`total` = succeeded + failed + pending + skipped).
 * Pushed live as `BulkJobUpdated` to the sockets of the users who see every one of its projects.
 *
 * @example
 * { "id": "…", "action": "switchOff", "params": {}, "status": "running", "total": 10000,
 *   "succeeded": 6200, "failed": 3, "pending": 3797, "skipped": 0, "createdBy": "ana", … }
 */
export const BulkJobSchema = z.object({
  id: z.uuid(),
  action: BulkActionNameSchema,
  params: z.record(z.string(), z.unknown()),
  status: BulkJobStatusSchema,
  total: z.number().int().min(0),
  succeeded: z.number().int().min(0),
  failed: z.number().int().min(0),
  pending: z.number().int().min(0),
  skipped: z.number().int().min(0),
  createdBy: text().nullable(),
  createdAt: IsoDateTimeSchema,
  finishedAt: IsoDateTimeSchema.nullable(),
  /** The projects its devices were in when it started: who may see the job. */
  projectIds: z.array(z.uuid()),
});
export type BulkJob = z.infer<typeof BulkJobSchema>;

/**
 * A device's outcome in a job: `pending` until its command ends or its change is applied;
 * `failed` carries the catalogue error (a request's ERROR, `REQUEST_CANCELED`, …); `skipped` the
 * reason it was unsupported when the job started with `acceptUnsupported`.
 */
export const BulkItemOutcomeSchema = z.enum(['pending', 'succeeded', 'failed', 'skipped']);
export type BulkItemOutcome = z.infer<typeof BulkItemOutcomeSchema>;

export const BulkJobItemSchema = z.object({
  deviceId: z.uuid(),
  serialNumber: SerialNumberSchema,
  name: text(),
  outcome: BulkItemOutcomeSchema,
  error: z.object({ code: ErrorCodeSchema, message: text() }).nullable(),
  /** The queued request of a command action, once queued. */
  requestId: z.uuid().nullable(),
});
export type BulkJobItem = z.infer<typeof BulkJobItemSchema>;

/** `GET /bulk-actions/{id}/items`: one outcome, or all; ordered by serial number. */
export const BulkJobItemListQuerySchema = PageQuerySchema.extend({
  outcome: BulkItemOutcomeSchema.optional(),
});
export type BulkJobItemListQuery = z.infer<typeof BulkJobItemListQuerySchema>;

/**
 * `GET /bulk-actions`: the caller's visible jobs, newest first; `action` keeps one action's.
 *
 * @example
 * BulkJobListQuerySchema.parse({ action: 'reboot', limit: '5' }); // { action: 'reboot', limit: 5 }
 */
export const BulkJobListQuerySchema = PageQuerySchema.extend({
  action: BulkActionNameSchema.optional(),
});
export type BulkJobListQuery = z.infer<typeof BulkJobListQuerySchema>;
