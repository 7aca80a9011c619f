import { SerialNumberSchema } from './primitives';
import { UP_MESSAGE_SCHEMAS } from './mqtt';

/** Root of every Farola MQTT topic; the version lets a future protocol run beside this one. */
export const TOPIC_ROOT = 'lighting/v1';

/** Device → server channels under `lighting/v1/devices/{serialNumber}/up/`. */
export type UpChannel = keyof typeof UP_MESSAGE_SCHEMAS;
export const UP_CHANNELS = Object.keys(UP_MESSAGE_SCHEMAS) as readonly UpChannel[];

/**
 * Topic builders.
 *
 * @example
 * topics.up('OR-LP-000001', 'attributes'); // 'lighting/v1/devices/OR-LP-000001/up/attributes'
 * topics.downCommands('OR-LP-000001');     // 'lighting/v1/devices/OR-LP-000001/down/commands'
 */
export const topics = {
  up: (serialNumber: string, channel: UpChannel) => `${TOPIC_ROOT}/devices/${serialNumber}/up/${channel}`,
  /** Where the server sends a device its commands; what a device (or a gateway, per device) subscribes to. */
  downCommands: (serialNumber: string) => `${TOPIC_ROOT}/devices/${serialNumber}/down/commands`,
  gatewayConnection: (gatewayId: string) => `${TOPIC_ROOT}/gateways/${gatewayId}/up/connection`,
  /** What the server subscribes to: every device's up channels and every gateway's connection. */
  serverSubscriptions: [`${TOPIC_ROOT}/devices/+/up/+`, `${TOPIC_ROOT}/gateways/+/up/connection`],
} as const;

export type ParsedTopic =
  | { kind: 'device-up'; serialNumber: string; channel: UpChannel }
  | { kind: 'device-down'; serialNumber: string }
  | { kind: 'gateway-connection'; gatewayId: string };

/**
 * Parses a Farola topic, or returns null for anything else (wrong root, bad serial, unknown channel).
 *
 * @example
 * parseTopic('lighting/v1/devices/OR-LP-000001/up/commands');
 * // { kind: 'device-up', serialNumber: 'OR-LP-000001', channel: 'commands' }
 */
export function parseTopic(topic: string): ParsedTopic | null {
  const parts = topic.split('/');
  if (parts.length < 5 || `${parts[0]}/${parts[1]}` !== TOPIC_ROOT) return null;
  const [, , collection, id = '', direction, channel, ...rest] = parts;
  if (rest.length > 0 || !SerialNumberSchema.safeParse(id).success) return null;
  if (collection === 'gateways') {
    return direction === 'up' && channel === 'connection' ? { kind: 'gateway-connection', gatewayId: id } : null;
  }
  if (collection !== 'devices') return null;
  if (direction === 'down') return channel === 'commands' ? { kind: 'device-down', serialNumber: id } : null;
  if (direction === 'up' && (UP_CHANNELS as readonly string[]).includes(channel ?? '')) {
    return { kind: 'device-up', serialNumber: id, channel: channel as UpChannel };
  }
  return null;
}
