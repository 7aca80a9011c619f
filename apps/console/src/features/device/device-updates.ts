import { DeviceEventSchema, type Device, type DeviceEvent } from '@farola/protocol';
import { withLifecycleChange } from '@/lib/devices/device-labels';
import type { DeviceItemEvent, StreamItem } from '@/lib/realtime/realtime-client';
import type { TransportEventPayloads } from '@/lib/realtime/transport';

/** A live change to the open device, as its panel applies it. */
export type DeviceUpdate =
  | { kind: 'attributes'; payload: TransportEventPayloads['DeviceAttributeValueUpdated'] }
  | { kind: 'connection'; payload: TransportEventPayloads['DeviceConnectionStatusUpdated'] }
  | { kind: 'state'; payload: TransportEventPayloads['FleetStateUpdated'] }
  | { kind: 'lifecycle'; payload: TransportEventPayloads['DeviceLifecycleChanged'] };

/** What an item about the open device changes of it, or null (a request's progress changes its requests). */
export function deviceUpdateOf(item: StreamItem<DeviceItemEvent>): DeviceUpdate | null {
  switch (item.event) {
    case 'DeviceAttributeValueUpdated':
      return { kind: 'attributes', payload: item.payload };
    case 'DeviceConnectionStatusUpdated':
      return { kind: 'connection', payload: item.payload };
    case 'FleetStateUpdated':
      return { kind: 'state', payload: item.payload };
    case 'DeviceLifecycleChanged':
      return { kind: 'lifecycle', payload: item.payload };
    case 'DeviceCommandRequested':
      return null;
  }
}

/**
 * Applies one live update to a device and returns the new device (the same object when nothing
 * changed). An attribute report older than what the device holds does not roll it back.
 */
export function applyDeviceUpdate(device: Device, update: DeviceUpdate): Device {
  switch (update.kind) {
    case 'connection': {
      const { connected, ts } = update.payload;
      if (device.connected === connected) return device;
      return connected
        ? { ...device, connected, connectedAt: ts, lastConnectionAt: ts }
        : { ...device, connected, disconnectedAt: ts };
    }
    case 'state': {
      const { connected, status } = update.payload;
      return device.connected === connected && device.status === status ? device : { ...device, connected, status };
    }
    case 'lifecycle':
      return withLifecycleChange(device, update.payload);
    case 'attributes': {
      const { values, ts } = update.payload;
      if (device.attributesUpdatedAt && Date.parse(device.attributesUpdatedAt) > Date.parse(ts)) return device;
      const attributes = { ...device.attributes, ...values };
      // A fixed location is the operator's word: GPS readings do not move the device.
      const located = device.fixedLocation
        ? {}
        : { latitude: values.latitude ?? device.latitude, longitude: values.longitude ?? device.longitude };
      return { ...device, ...located, attributes, attributesUpdatedAt: ts };
    }
  }
}

let liveCounter = 0;

/**
 * A socket payload as an event-history entry (as `GET /devices/:id/events` lists it: the stream
 * position is not part of it); live entries get a local id until a reload.
 */
export function toLiveEvent<K extends Exclude<DeviceItemEvent, 'FleetStateUpdated'>>(
  type: K,
  payload: TransportEventPayloads[K],
): DeviceEvent {
  liveCounter += 1;
  // The schema also strips `stream` and `seq`, which stored events do not carry.
  return DeviceEventSchema.parse({
    id: `live-${liveCounter}`,
    type,
    deviceId: payload.deviceId,
    ts: payload.ts,
    payload,
  });
}

/** An item about the device as an event-history entry, or null for its compact state (not an event of its history). */
export function liveEventOf(item: StreamItem<DeviceItemEvent>): DeviceEvent | null {
  return item.event === 'FleetStateUpdated' ? null : toLiveEvent(item.event, item.payload);
}
