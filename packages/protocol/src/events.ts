import { z } from 'zod';
import { AttributeValuesSchema } from './attributes';
import { DeviceStatusSchema, InstallationFailureRecordSchema, LifecycleActionSchema } from './lifecycle';
import { PageQuerySchema } from './pagination';
import { IsoDateTimeSchema } from './primitives';
import { QueuedRequestSchema } from './requests';

/** Where Socket.IO carries these events to browsers (a public contract, like the API paths). */
export const SOCKET_PATH = '/lighting/socket.io';

/** Event names, exactly as the specification spells them. */
export const DeviceEventTypeSchema = z.enum([
  'DeviceAttributeValueUpdated',
  'DeviceCommandRequested',
  'DeviceConnectionStatusUpdated',
  'DeviceLifecycleChanged',
]);
export type DeviceEventType = z.infer<typeof DeviceEventTypeSchema>;

/** New attribute values reported by a device. */
export const DeviceAttributeValueUpdatedSchema = z.object({
  deviceId: z.uuid(),
  projectId: z.uuid(),
  ts: IsoDateTimeSchema,
  values: AttributeValuesSchema,
});
export type DeviceAttributeValueUpdated = z.infer<typeof DeviceAttributeValueUpdatedSchema>;

/** A queued request changed (accepted, progressed, finished or cancelled). */
export const DeviceCommandRequestedSchema = z.object({
  deviceId: z.uuid(),
  projectId: z.uuid(),
  ts: IsoDateTimeSchema,
  request: QueuedRequestSchema,
});
export type DeviceCommandRequested = z.infer<typeof DeviceCommandRequestedSchema>;

/** A device connected or disconnected. */
export const DeviceConnectionStatusUpdatedSchema = z.object({
  deviceId: z.uuid(),
  projectId: z.uuid(),
  ts: IsoDateTimeSchema,
  connected: z.boolean(),
});
export type DeviceConnectionStatusUpdated = z.infer<typeof DeviceConnectionStatusUpdatedSchema>;

/**
 * What moved a device's lifecycle: a status action, `disable`, or the server itself: `installed`
 * (the device's install request ended DONE, so it is `ready`), `installationFailed` (it ended
 * otherwise: the device stays in installation with the failure) and `installationReset` (a
 * `resetInstallation` the device completed: its new installation date).
 */
export const LifecycleCauseSchema = z.union([
  LifecycleActionSchema,
  z.enum(['disable', 'installed', 'installationFailed', 'installationReset']),
]);
export type LifecycleCause = z.infer<typeof LifecycleCauseSchema>;

/**
 * A device's lifecycle changed (its status, its installation, or it was disabled): recorded in its
 * event history with who did it (`changedBy` null for the server's own moves) and, when part of
 * one, the bulk job; pushed on `project:<projectId>`. `installationDate` is present when the change
 * set it, `installationFailure` when it set or cleared it (null).
 */
export const DeviceLifecycleChangedSchema = z.object({
  deviceId: z.uuid(),
  projectId: z.uuid(),
  ts: IsoDateTimeSchema,
  cause: LifecycleCauseSchema,
  from: DeviceStatusSchema,
  to: DeviceStatusSchema,
  disabled: z.boolean(),
  changedBy: z.string().nullable(),
  bulkJobId: z.uuid().nullable(),
  installationDate: IsoDateTimeSchema.optional(),
  installationFailure: InstallationFailureRecordSchema.nullable().optional(),
});
export type DeviceLifecycleChanged = z.infer<typeof DeviceLifecycleChangedSchema>;

export const DEVICE_EVENT_SCHEMAS = {
  DeviceAttributeValueUpdated: DeviceAttributeValueUpdatedSchema,
  DeviceCommandRequested: DeviceCommandRequestedSchema,
  DeviceConnectionStatusUpdated: DeviceConnectionStatusUpdatedSchema,
  DeviceLifecycleChanged: DeviceLifecycleChangedSchema,
} as const;

export interface DeviceEventPayloads {
  DeviceAttributeValueUpdated: DeviceAttributeValueUpdated;
  DeviceCommandRequested: DeviceCommandRequested;
  DeviceConnectionStatusUpdated: DeviceConnectionStatusUpdated;
  DeviceLifecycleChanged: DeviceLifecycleChanged;
}

const eventVariant = <T extends DeviceEventType>(type: T) =>
  z.object({
    id: z.string(),
    type: z.literal(type),
    deviceId: z.uuid(),
    ts: IsoDateTimeSchema,
    payload: DEVICE_EVENT_SCHEMAS[type],
  });

/** A persisted device event, as `GET /devices/{id}/events` lists it (newest first). */
export const DeviceEventSchema = z.discriminatedUnion('type', [
  eventVariant('DeviceAttributeValueUpdated'),
  eventVariant('DeviceCommandRequested'),
  eventVariant('DeviceConnectionStatusUpdated'),
  eventVariant('DeviceLifecycleChanged'),
]);
export type DeviceEvent = z.infer<typeof DeviceEventSchema>;

export const DeviceEventListQuerySchema = PageQuerySchema.extend({
  type: DeviceEventTypeSchema.optional(),
});
export type DeviceEventListQuery = z.infer<typeof DeviceEventListQuerySchema>;
