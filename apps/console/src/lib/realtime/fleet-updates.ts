import type { FleetDevice } from '@farola/protocol';
import { switchedStateOf } from '@/lib/api/fleet';
import type { TransportEventPayloads } from './transport';

/**
 * A realtime change to one device, as the fleet sync applies it: the compact state from
 * `FleetStateUpdated`, or, from a server without the fleet stream, a connection change or an
 * attribute report.
 */
export type FleetUpdate =
  | { kind: 'state'; payload: TransportEventPayloads['FleetStateUpdated'] }
  | { kind: 'attributes'; payload: TransportEventPayloads['DeviceAttributeValueUpdated'] }
  | { kind: 'connection'; payload: TransportEventPayloads['DeviceConnectionStatusUpdated'] };

function merged(device: FleetDevice, changes: Partial<FleetDevice>): FleetDevice {
  const changed = (Object.keys(changes) as (keyof FleetDevice)[]).some((key) => changes[key] !== device[key]);
  return changed ? { ...device, ...changes } : device;
}

/**
 * Applies one update to a device and returns the new device, or the same object when nothing
 * changed, so unchanged markers do not re-render.
 */
export function applyFleetUpdate(device: FleetDevice, update: FleetUpdate): FleetDevice {
  switch (update.kind) {
    case 'state': {
      const { connected, on, alarm, status } = update.payload;
      return merged(device, { connected, on, alarm, status });
    }
    case 'connection':
      return merged(device, { connected: update.payload.connected });
    case 'attributes': {
      const on = switchedStateOf(update.payload.values);
      return on === null ? device : merged(device, { on });
    }
  }
}
