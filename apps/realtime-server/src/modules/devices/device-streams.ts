import { type DeviceEventPayloads, type DeviceEventType, streams } from '@farola/protocol';
import type { DeviceIndex } from './device-index';
import type { DeviceIndexEntry } from './device.repository';
import type { CompactFleet } from './compact-fleet';
import type { DeviceEventSink } from '../../realtime/device-events';
import type { StreamHub } from '../../realtime/stream-hub';

/**
 * Routes device events to their streams (docs/realtime.md):
 * - `DeviceConnectionStatusUpdated`, `DeviceCommandRequested` and `DeviceLifecycleChanged` to `project:<projectId>`;
 * - `DeviceAttributeValueUpdated` to `device:<deviceId>` and `attributes:<projectId>`, which cost
 *   nothing while nobody subscribes; a socket in both gets the item once, from `attributes:`;
 * - and every change of a device's compact state as `FleetStateUpdated` to `fleet:<projectId>`.
 * A connection change is always one (the ingest path publishes only changes), and so is the first
 * event of a device just registered.
 */
export class DeviceStreams implements DeviceEventSink {
  constructor(
    private readonly hub: StreamHub,
    private readonly fleet: CompactFleet,
    private readonly index: DeviceIndex,
  ) {}

  publish<K extends DeviceEventType>(type: K, payload: DeviceEventPayloads[K]): void {
    const { deviceId, projectId } = payload;
    switch (type) {
      case 'DeviceAttributeValueUpdated': {
        const report = payload as DeviceEventPayloads['DeviceAttributeValueUpdated'];
        const attributes = streams.attributes(projectId);
        this.hub.publish(streams.device(deviceId), type, payload, attributes);
        this.hub.publish(attributes, type, payload);
        const entry = this.index.id(deviceId);
        if (entry && this.fleet.attributesReported(entry, report.values, report.ts)) this.fleetChanged(deviceId);
        return;
      }
      case 'DeviceConnectionStatusUpdated':
        this.hub.publish(streams.project(projectId), type, payload);
        this.fleetChanged(deviceId);
        return;
      case 'DeviceLifecycleChanged':
        // Open panels and lists take the installation date and failure from it; the map the new status from the compact state.
        this.hub.publish(streams.project(projectId), type, payload);
        this.fleetChanged(deviceId);
        return;
      default:
        this.hub.publish(streams.project(projectId), type, payload);
    }
  }

  /**
   * A device moved from project `from` to the one its entry names now: `from`'s fleet stream is
   * told it left (its sockets drop it), the new project's that it is there.
   */
  moved(entry: DeviceIndexEntry, from: string): void {
    if (from === entry.projectId) return;
    const state = this.fleet.state(entry);
    this.hub.publish(streams.fleet(from), 'FleetStateUpdated', { ...state, projectId: from, left: true });
    this.hub.publish(streams.fleet(entry.projectId), 'FleetStateUpdated', state);
  }

  private fleetChanged(deviceId: string): void {
    const entry = this.index.id(deviceId);
    if (!entry) return;
    this.hub.publish(streams.fleet(entry.projectId), 'FleetStateUpdated', this.fleet.state(entry));
  }
}
