import { switchedStateOf } from '@/lib/api/fleet';
import type { FleetChange } from './fleet-store';
import type { TransportEventPayloads } from '@/lib/realtime/transport';

/**
 * A realtime change to one device, as the fleet sync applies it: the compact state from
 * `FleetStateUpdated`, or, from a server without the fleet stream, a connection change or an
 * attribute report.
 */
export type FleetUpdate =
  | { kind: 'state'; payload: TransportEventPayloads['FleetStateUpdated'] }
  | { kind: 'attributes'; payload: TransportEventPayloads['DeviceAttributeValueUpdated'] }
  | { kind: 'connection'; payload: TransportEventPayloads['DeviceConnectionStatusUpdated'] };

/** What one update changes of a device's compact state (and, from an attribute report, its location). */
export function fleetChangeOf(update: FleetUpdate): FleetChange {
  switch (update.kind) {
    case 'state': {
      const { deviceId, projectId, connected, on, alarm, status, left } = update.payload;
      return { deviceId, projectId, connected, on, alarm, status, ...(left && { left }) };
    }
    case 'connection':
      return { deviceId: update.payload.deviceId, connected: update.payload.connected };
    case 'attributes': {
      const { deviceId, values } = update.payload;
      const on = switchedStateOf(values);
      return {
        deviceId,
        ...(on !== null && { on }),
        ...(values.latitude !== undefined && { latitude: values.latitude }),
        ...(values.longitude !== undefined && { longitude: values.longitude }),
      };
    }
  }
}
