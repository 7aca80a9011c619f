import type { Device, DeviceAttributeValueUpdated, DeviceConnectionStatusUpdated } from '@farola/protocol';

/** A realtime change to one device, as the fleet sync applies it. */
export type FleetUpdate =
  | { kind: 'attributes'; payload: DeviceAttributeValueUpdated }
  | { kind: 'connection'; payload: DeviceConnectionStatusUpdated };

/**
 * Applies one update to a device and returns the new device (or the same object when nothing
 * changed, so unchanged markers do not re-render). Older updates than what the device already
 * holds do not roll its attributes back.
 */
export function applyFleetUpdate(device: Device, update: FleetUpdate): Device {
  if (update.kind === 'connection') {
    const { connected, ts } = update.payload;
    if (device.connected === connected) return device;
    return connected
      ? { ...device, connected, connectedAt: ts, lastConnectionAt: ts }
      : { ...device, connected, disconnectedAt: ts };
  }
  const { values, ts } = update.payload;
  if (device.attributesUpdatedAt && Date.parse(device.attributesUpdatedAt) > Date.parse(ts)) return device;
  const attributes = { ...device.attributes, ...values };
  // A fixed location is the operator's word: GPS readings do not move the device.
  const located = device.fixedLocation
    ? {}
    : { latitude: values.latitude ?? device.latitude, longitude: values.longitude ?? device.longitude };
  return { ...device, ...located, attributes, attributesUpdatedAt: ts };
}
