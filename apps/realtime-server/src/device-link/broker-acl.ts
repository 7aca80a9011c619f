import { parseTopic, TOPIC_ROOT } from '@farola/protocol';

/**
 * Who an MQTT client proved to be: the server's own client, a device speaking for itself, or a
 * gateway speaking for the devices provisioned behind it.
 */
export type Principal =
  { kind: 'server' } | { kind: 'device'; serialNumber: string } | { kind: 'gateway'; gatewayId: string };

/** What the broker asks about devices: credentials, and which devices a gateway carries. */
export interface DeviceAccess {
  /** The device or gateway these credentials prove, or null. Never resolves a wrong password as good. */
  verify(username: string, password: Buffer): Promise<Principal | null>;
  /** Whether the device is provisioned behind this gateway now. */
  carries(gatewayId: string, serialNumber: string): boolean;
}

/**
 * Whether a client may publish on a topic. The server publishes only commands; a device only its
 * own `up/...`; a gateway its own connection and the `up/...` of the devices behind it. Nobody
 * publishes on anything else (`$SYS`, other roots, other devices' channels).
 *
 * @example
 * mayPublish({ kind: 'device', serialNumber: 'A' }, 'lighting/v1/devices/A/up/attributes', access); // true
 * mayPublish({ kind: 'device', serialNumber: 'A' }, 'lighting/v1/devices/A/down/commands', access); // false
 */
export function mayPublish(principal: Principal, topic: string, access: Pick<DeviceAccess, 'carries'>): boolean {
  const parsed = parseTopic(topic);
  if (!parsed) return false;
  switch (principal.kind) {
    case 'server':
      return parsed.kind === 'device-down';
    case 'device':
      return parsed.kind === 'device-up' && parsed.serialNumber === principal.serialNumber;
    case 'gateway':
      if (parsed.kind === 'gateway-connection') return parsed.gatewayId === principal.gatewayId;
      return parsed.kind === 'device-up' && access.carries(principal.gatewayId, parsed.serialNumber);
  }
}

/**
 * Whether a client may subscribe to a topic filter. Only the server reads with wildcards (every
 * device's `up/...`); a device subscribes to its own `down/commands`, a gateway to those of its
 * devices, one topic at a time.
 */
export function maySubscribe(principal: Principal, filter: string, access: Pick<DeviceAccess, 'carries'>): boolean {
  if (principal.kind === 'server') return filter.startsWith(`${TOPIC_ROOT}/`);
  const parsed = parseTopic(filter);
  if (!parsed || parsed.kind !== 'device-down') return false;
  if (principal.kind === 'device') return parsed.serialNumber === principal.serialNumber;
  return access.carries(principal.gatewayId, parsed.serialNumber);
}

/** The name a principal's refusals and retained messages are counted under. */
export function principalName(principal: Principal): string {
  switch (principal.kind) {
    case 'server':
      return 'server';
    case 'device':
      return principal.serialNumber;
    case 'gateway':
      return principal.gatewayId;
  }
}
