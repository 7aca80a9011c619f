import { z } from 'zod';
import { DeviceNameSchema, DeviceSchema, SerialNumberSchema } from './devices';
import { ErrorBodySchema } from './errors';
import { PageQuerySchema } from './pagination';
import { IsoDateTimeSchema, text } from './primitives';
import { DeviceTypeSchema, VendorSchema } from './vendors';

/**
 * A gateway's id: like a serial number it is an MQTT topic segment and an MQTT user name
 * (`lighting/v1/gateways/{gatewayId}/up/connection`).
 */
export const GatewayIdSchema = SerialNumberSchema;

/**
 * The MQTT user name and password a device or gateway connects with. The password is shown once,
 * when it is created or rotated; the server keeps only a keyed hash of it (HMAC-SHA-256).
 *
 * @example
 * { "username": "OR-LP-000001", "password": "Jx2…" }
 */
export const MqttCredentialsSchema = z.object({
  username: z.string(),
  password: z.string(),
});
export type MqttCredentials = z.infer<typeof MqttCredentialsSchema>;

/** The fields every provisioned device needs, alone or behind a gateway. */
const ProvisionFields = {
  serialNumber: SerialNumberSchema,
  deviceType: DeviceTypeSchema,
  vendor: VendorSchema,
  projectId: z.uuid(),
  /** Unique per device kind, whatever its case: a name taken answers 409 (`…_NAME_EXISTS`). */
  name: DeviceNameSchema,
};

/**
 * `POST /devices`: provisions a device in `provisioned` status. Without `gatewayId` it gets its own
 * MQTT credentials; with one it speaks only through that gateway (whose uuid `gatewayId` is not:
 * it is the gateway's MQTT id).
 *
 * @example
 * { "serialNumber": "OR-LP-000001", "deviceType": "light-point-controller", "vendor": "orion",
 *   "projectId": "00000000-0000-4000-8000-000000000001", "name": "Carrer de Mallorca 1" }
 */
export const ProvisionDeviceSchema = z.strictObject({ ...ProvisionFields, gatewayId: GatewayIdSchema.optional() });
export type ProvisionDevice = z.infer<typeof ProvisionDeviceSchema>;

/** A provisioned device: the device, the gateway it speaks through, and its credentials (once; null behind a gateway). */
export const ProvisionedDeviceSchema = DeviceSchema.extend({
  gatewayId: GatewayIdSchema.nullable(),
  credentials: MqttCredentialsSchema.nullable(),
});
export type ProvisionedDevice = z.infer<typeof ProvisionedDeviceSchema>;

/** `POST /gateways`: a gateway, which carries many devices over one MQTT connection. */
export const ProvisionGatewaySchema = z.strictObject({
  gatewayId: GatewayIdSchema,
  projectId: z.uuid(),
  name: text().min(1).max(120),
});
export type ProvisionGateway = z.infer<typeof ProvisionGatewaySchema>;

export const GatewaySchema = z.object({
  id: z.uuid(),
  gatewayId: GatewayIdSchema,
  projectId: z.uuid(),
  name: text().max(120),
  /** How many devices are provisioned behind it. */
  devices: z.number().int().min(0),
  createdAt: IsoDateTimeSchema,
});
export type Gateway = z.infer<typeof GatewaySchema>;

export const ProvisionedGatewaySchema = GatewaySchema.extend({ credentials: MqttCredentialsSchema });
export type ProvisionedGateway = z.infer<typeof ProvisionedGatewaySchema>;

/** `GET /gateways`, by gateway id: `q` matches the gateway id and the name. */
export const GatewayListQuerySchema = PageQuerySchema;
export type GatewayListQuery = z.infer<typeof GatewayListQuerySchema>;

/** At most this many devices per bulk provisioning call. */
export const MAX_PROVISION_BATCH = 2000;

/** One device of a bulk provisioning call: the gateway is the route's. */
export const ProvisionGatewayDeviceSchema = z.strictObject(ProvisionFields);
export type ProvisionGatewayDevice = z.infer<typeof ProvisionGatewayDeviceSchema>;

/**
 * `POST /gateways/{id}/devices`: up to MAX_PROVISION_BATCH devices behind one gateway. Each item is
 * validated on its own, so one bad item does not refuse the others.
 */
export const ProvisionGatewayDevicesSchema = z.strictObject({
  devices: z.array(z.unknown()).min(1).max(MAX_PROVISION_BATCH),
});

/**
 * The outcome of one item: `created`; `exists` when the same device was already provisioned behind
 * this gateway (a repeated call is harmless); `invalid` or `conflict` with the error it would have
 * answered alone.
 */
export const ProvisionItemResultSchema = z.object({
  index: z.number().int().min(0),
  serialNumber: z.string().nullable(),
  status: z.enum(['created', 'exists', 'invalid', 'conflict']),
  deviceId: z.uuid().nullable(),
  error: ErrorBodySchema.shape.error.nullable(),
});
export type ProvisionItemResult = z.infer<typeof ProvisionItemResultSchema>;

export const ProvisionResultsSchema = z.object({
  created: z.number().int().min(0),
  items: z.array(ProvisionItemResultSchema),
});
export type ProvisionResults = z.infer<typeof ProvisionResultsSchema>;

/** One device of `POST /devices/batch`: a device that connects on its own, with its own credentials. */
export const ProvisionBatchDeviceSchema = ProvisionGatewayDeviceSchema;
export type ProvisionBatchDevice = ProvisionGatewayDevice;

/**
 * `POST /devices/batch`: up to MAX_PROVISION_BATCH devices that each connect on their own (no
 * gateway). Each item is validated on its own, so one bad item does not refuse the others.
 *
 * @example
 * { "devices": [{ "serialNumber": "OR-LP-000001", "deviceType": "light-point-controller", "vendor": "orion",
 *   "projectId": "00000000-0000-4000-8000-000000000001", "name": "Carrer de Mallorca 1" }] }
 */
export const ProvisionDevicesSchema = z.strictObject({
  devices: z.array(z.unknown()).min(1).max(MAX_PROVISION_BATCH),
});

/**
 * The outcome of one item of `POST /devices/batch`, as for a gateway's devices; `exists` when the
 * same device was already provisioned to connect on its own (its credentials are not shown again:
 * `POST /devices/{id}/credentials` renews them). `credentials` is set for `created` items only, once.
 */
export const ProvisionedBatchItemSchema = ProvisionItemResultSchema.extend({
  credentials: MqttCredentialsSchema.nullable(),
});
export type ProvisionedBatchItem = z.infer<typeof ProvisionedBatchItemSchema>;

export const ProvisionedDevicesSchema = z.object({
  created: z.number().int().min(0),
  items: z.array(ProvisionedBatchItemSchema),
});
export type ProvisionedDevices = z.infer<typeof ProvisionedDevicesSchema>;

/** `POST /devices/{id}/credentials`, `POST /gateways/{id}/credentials`: new credentials; the old ones stop working. */
export const RotatedCredentialsSchema = z.object({ credentials: MqttCredentialsSchema });
export type RotatedCredentials = z.infer<typeof RotatedCredentialsSchema>;
