import type { Device } from '@farola/protocol';
import type { createStore } from 'jotai';
import { deviceAtomFamily, deviceIdsAtom, fleetSummaryAtom, isFleetLoadedAtom, isSwitchedOn } from './fleet-atoms';
import { applyFleetUpdate, type FleetUpdate } from './fleet-updates';

type Store = ReturnType<typeof createStore>;

function isNewer(a: string | null, b: string | null): boolean {
  return a !== null && (b === null || Date.parse(a) > Date.parse(b));
}

/**
 * Writes the fleet into the device atoms and keeps the summary counts incrementally, so a frame
 * with a hundred updates costs a hundred atom writes, not a walk over the whole fleet.
 */
export function createFleetWriter(store: Store) {
  let summary = store.get(fleetSummaryAtom);

  const count = (device: Device | null, sign: 1 | -1) => {
    if (!device) return;
    summary = {
      total: summary.total + sign,
      connected: summary.connected + (device.connected ? sign : 0),
      switchedOn: summary.switchedOn + (isSwitchedOn(device) ? sign : 0),
    };
  };

  const put = (id: string, next: Device | null) => {
    const atom = deviceAtomFamily(id);
    const previous = store.get(atom);
    if (previous === next) return;
    count(previous, -1);
    count(next, 1);
    store.set(atom, next);
  };

  return {
    /** Stores a page of devices from the API; realtime attributes newer than the page are kept. */
    putDevices(devices: readonly Device[]): void {
      for (const device of devices) {
        const current = store.get(deviceAtomFamily(device.id));
        const keepLive = current && isNewer(current.attributesUpdatedAt, device.attributesUpdatedAt);
        put(device.id, keepLive ? { ...device, attributes: current.attributes } : device);
      }
      store.set(fleetSummaryAtom, summary);
    },

    /** Sets the visible device ids; devices no longer listed are forgotten. */
    setIds(ids: readonly string[], complete: boolean): void {
      if (complete) {
        const kept = new Set(ids);
        for (const id of store.get(deviceIdsAtom)) if (!kept.has(id)) put(id, null);
        store.set(fleetSummaryAtom, summary);
        store.set(isFleetLoadedAtom, true);
      }
      store.set(deviceIdsAtom, ids);
    },

    /** Applies one frame's realtime updates and returns the ids of devices it does not hold. */
    applyUpdates(updates: readonly FleetUpdate[]): string[] {
      const unknown = new Set<string>();
      for (const update of updates) {
        const current = store.get(deviceAtomFamily(update.payload.deviceId));
        if (current) put(current.id, applyFleetUpdate(current, update));
        else unknown.add(update.payload.deviceId);
      }
      store.set(fleetSummaryAtom, summary);
      return [...unknown];
    },

    /** Adds a device registered after the fleet was loaded. */
    addDevice(device: Device): void {
      put(device.id, device);
      store.set(fleetSummaryAtom, summary);
      const ids = store.get(deviceIdsAtom);
      if (!ids.includes(device.id)) store.set(deviceIdsAtom, [...ids, device.id]);
    },
  };
}
export type FleetWriter = ReturnType<typeof createFleetWriter>;
