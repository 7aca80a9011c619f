import { z } from 'zod';
import { AlarmTypeSchema } from './alarms';
import { AttributeValuesSchema } from './attributes';
import { InstallationFailureSchema, InstallationStepSchema } from './lifecycle';
import { UpLogMessageSchema } from './logs';
import { CommandNameSchema } from './command-names';
import { DeviceSchema, SerialNumberSchema } from './devices';
import { IsoDateTimeSchema, JsonRecordSchema, text } from './primitives';

/** `up/attributes`: values measured at `ts`. */
export const UpAttributesMessageSchema = z.strictObject({ ts: IsoDateTimeSchema, values: AttributeValuesSchema });
export type UpAttributesMessage = z.infer<typeof UpAttributesMessageSchema>;

/** The registration shares the stored device's field bounds, so the two cannot drift apart. */
const device = DeviceSchema.shape;

/**
 * What a device announces about itself when it connects, so that an unknown serial number can be
 * registered. `projectId` is a hint the server honours only for an existing project.
 */
export const DeviceRegistrationSchema = z.strictObject({
  deviceType: device.deviceType,
  vendor: device.vendor,
  // Announced text fields are optional, but when present they must not be empty.
  name: device.name.min(1).optional(),
  modelNumber: device.modelNumber.unwrap().min(1).optional(),
  firmwareVersion: device.firmwareVersion.unwrap().min(1).optional(),
  // A device announces its modem's full 15-digit IMEI; the stored field only bounds its length.
  imei: z
    .string()
    .regex(/^\d{15}$/)
    .optional(),
  ip: device.ip.unwrap().optional(),
  projectId: device.projectId.optional(),
  latitude: device.latitude.unwrap().optional(),
  longitude: device.longitude.unwrap().optional(),
  /**
   * The day the device was installed (`YYYY-MM-DD`), as commissioning on site recorded it: its
   * installation date when it registers (else the day it registers is).
   */
  installationDate: z.iso.date().optional(),
});
export type DeviceRegistration = z.infer<typeof DeviceRegistrationSchema>;

/**
 * `up/connection` (retained, and the device's MQTT last will with `connected: false`). `ts` is
 * optional: a will is composed when the device connects, so it leaves `ts` out and the server
 * dates the disconnection when it receives it.
 *
 * @example
 * UpConnectionMessageSchema.parse({ connected: false }); // a last will
 */
export const UpConnectionMessageSchema = z.strictObject({
  connected: z.boolean(),
  ts: IsoDateTimeSchema.optional(),
  registration: DeviceRegistrationSchema.optional(),
});
export type UpConnectionMessage = z.infer<typeof UpConnectionMessageSchema>;

/**
 * Where a command stands on the device: the installation step it runs and the attempt; and what a
 * done command could not change. Sent with `up/commands`; the server keeps the latest on the
 * queued request.
 */
export const CommandDetailSchema = z.strictObject({
  step: InstallationStepSchema.optional(),
  attempt: z.number().int().min(1).max(100).optional(),
  /** The passing fault that ended the previous attempt, when the device is retrying. */
  failure: InstallationFailureSchema.optional(),
  /**
   * A light point's switch-on: whether its circuit had mains when it was done. `false`: it is
   * switched on, but its lamp stays dark until its cabinet controller powers the circuit.
   */
  mains: z.boolean().optional(),
});
export type CommandDetail = z.infer<typeof CommandDetailSchema>;

/**
 * Why a device could not act, when it says: an installation failure, or its remote management
 * switched off (it then refuses every command).
 */
export const DeviceErrorReasonSchema = z.enum([...InstallationFailureSchema.options, 'REMOTE_MANAGEMENT_DISABLED']);
export type DeviceErrorReason = z.infer<typeof DeviceErrorReasonSchema>;

/** Errors a device may report for a command. */
export const DeviceErrorCodeSchema = z.enum(['METHOD_NOT_ALLOWED', 'NOT_ACCEPTABLE', 'NOT_FOUND']);
export type DeviceErrorCode = z.infer<typeof DeviceErrorCodeSchema>;

/**
 * `up/commands`: progress of a request. `error` is required when `status` is `ERROR` and allowed
 * only then. A `DONE` answer completes the request whatever `progress` it carries.
 *
 * @example
 * UpCommandMessageSchema.parse({ requestId, status: 'DONE', progress: 100 });
 */
export const UpCommandMessageSchema = z
  .strictObject({
    requestId: z.uuid(),
    status: z.enum(['IN_PROGRESS', 'DONE', 'ERROR']),
    progress: z.number().int().min(0).max(100),
    error: z
      .strictObject({
        code: DeviceErrorCodeSchema,
        message: text().max(500).optional(),
        /** Why the device could not act, as a catalogue code the server reports instead of the device code. */
        reason: DeviceErrorReasonSchema.optional(),
      })
      .optional(),
    detail: CommandDetailSchema.optional(),
    ts: IsoDateTimeSchema.optional(),
  })
  .refine((message) => message.status !== 'ERROR' || message.error !== undefined, {
    path: ['error'],
    message: 'An ERROR status needs an error',
  })
  .refine((message) => message.status === 'ERROR' || message.error === undefined, {
    path: ['error'],
    message: 'Only an ERROR status carries an error',
  });
export type UpCommandMessage = z.infer<typeof UpCommandMessageSchema>;

/** `up/alarms`: an alarm raised (`active: true`) or cleared by the device itself. */
export const UpAlarmMessageSchema = z.strictObject({
  ts: IsoDateTimeSchema,
  type: AlarmTypeSchema,
  active: z.boolean(),
  value: z.number().optional(),
  threshold: z.number().optional(),
});
export type UpAlarmMessage = z.infer<typeof UpAlarmMessageSchema>;

/** `down/commands`: the server asks a device to run a command; resent with a higher `attempt` on silence. */
export const DownCommandMessageSchema = z.strictObject({
  requestId: z.uuid(),
  command: CommandNameSchema,
  params: JsonRecordSchema,
  attempt: z.number().int().min(1),
  ts: IsoDateTimeSchema,
});
export type DownCommandMessage = z.infer<typeof DownCommandMessageSchema>;

/**
 * `down/commands`: the server withdraws a request (an operator cancelled it). The device stops the
 * work under way — a download stops, a firmware change is not applied — and does not answer it
 * again; a cancel for a request it has finished or never received changes nothing.
 *
 * @example
 * DownCancelMessageSchema.parse({ requestId, cancel: true, ts: new Date().toISOString() });
 */
export const DownCancelMessageSchema = z.strictObject({
  requestId: z.uuid(),
  cancel: z.literal(true),
  ts: IsoDateTimeSchema,
});
export type DownCancelMessage = z.infer<typeof DownCancelMessageSchema>;

/** Everything the server publishes on a device's `down/commands` topic. */
export const DownMessageSchema = z.union([DownCommandMessageSchema, DownCancelMessageSchema]);
export type DownMessage = z.infer<typeof DownMessageSchema>;

/**
 * `lighting/v1/gateways/{id}/up/connection` (retained): a gateway carrying many devices over one
 * MQTT connection publishes `connected: true` when it connects and sets `connected: false` as its
 * last will, so the server learns that all its devices dropped, even after a restart. A will
 * leaves `ts` out; the server then uses the time it receives it.
 *
 * @example
 * GatewayConnectionMessageSchema.parse({ connected: false, devices: ['OR-LP-000001'] });
 */
export const GatewayConnectionMessageSchema = z.strictObject({
  connected: z.boolean(),
  ts: IsoDateTimeSchema.optional(),
  devices: z.array(SerialNumberSchema).max(100_000),
});
export type GatewayConnectionMessage = z.infer<typeof GatewayConnectionMessageSchema>;

/** The payload schema of each device → server channel; its keys are the channels `topics.up` accepts. */
export const UP_MESSAGE_SCHEMAS = {
  attributes: UpAttributesMessageSchema,
  connection: UpConnectionMessageSchema,
  commands: UpCommandMessageSchema,
  alarms: UpAlarmMessageSchema,
  /** Pages of logged data answering an `uploadLog` request (`UpLogMessageSchema` in logs.ts). */
  logs: UpLogMessageSchema,
} as const;
