import { z } from 'zod';
import { AlarmTypeSchema } from './alarms';
import { AttributeValuesSchema } from './attributes';
import { CommandNameSchema } from './commands';
import { SerialNumberSchema } from './devices';
import { DeviceTypeSchema, VendorSchema } from './vendors';

const isoDateTime = z.iso.datetime({ offset: true });

/** `up/attributes`: values measured at `ts`. */
export const UpAttributesMessageSchema = z.strictObject({ ts: isoDateTime, values: AttributeValuesSchema });
export type UpAttributesMessage = z.infer<typeof UpAttributesMessageSchema>;

/**
 * What a device announces about itself when it connects, so that an unknown serial number can be
 * registered. `projectId` is a hint the server honours only for an existing project.
 */
export const DeviceRegistrationSchema = z.strictObject({
  deviceType: DeviceTypeSchema,
  vendor: VendorSchema,
  name: z.string().min(1).max(120).optional(),
  modelNumber: z.string().min(1).max(60).optional(),
  firmwareVersion: z.string().min(1).max(40).optional(),
  imei: z
    .string()
    .regex(/^\d{15}$/)
    .optional(),
  ip: z.string().max(64).optional(),
  projectId: z.uuid().optional(),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
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
  ts: isoDateTime.optional(),
  registration: DeviceRegistrationSchema.optional(),
});
export type UpConnectionMessage = z.infer<typeof UpConnectionMessageSchema>;

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
    error: z.strictObject({ code: DeviceErrorCodeSchema, message: z.string().max(500).optional() }).optional(),
    ts: isoDateTime.optional(),
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
  ts: isoDateTime,
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
  params: z.record(z.string(), z.unknown()),
  attempt: z.number().int().min(1),
  ts: isoDateTime,
});
export type DownCommandMessage = z.infer<typeof DownCommandMessageSchema>;

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
  ts: isoDateTime.optional(),
  devices: z.array(SerialNumberSchema).max(100_000),
});
export type GatewayConnectionMessage = z.infer<typeof GatewayConnectionMessageSchema>;

export const UP_MESSAGE_SCHEMAS = {
  attributes: UpAttributesMessageSchema,
  connection: UpConnectionMessageSchema,
  commands: UpCommandMessageSchema,
  alarms: UpAlarmMessageSchema,
} as const;
