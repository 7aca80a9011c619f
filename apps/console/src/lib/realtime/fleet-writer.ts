import type { FleetDevice } from '@farola/protocol';
import type { createStore } from 'jotai';
import { deviceAtomFamily, deviceIdsAtom, fleetSummaryAtom, isFleetLoadedAtom, isSwitchedOn } from './fleet-atoms';
import { applyFleetUpdate, type FleetUpdate } from './fleet-updates';

type Store = ReturnType<typeof createStore>;

/** Deep equality of JSON-shaped values (what the API and the socket deliver). */
function isSameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aEntries = Object.entries(a);
  const bRecord = b as Record<string, unknown>;
  return (
    aEntries.length === Object.keys(b).length &&
    aEntries.every(([key, value]) => Object.hasOwn(bRecord, key) && isSameJson(value, bRecord[key]))
  );
}

function isSameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}

/**
 * Writes the fleet into the device atoms and keeps the summary counts incrementally, so a frame
 * with a hundred updates costs a hundred atom writes, not a walk over the whole fleet.
 */
export function createFleetWriter(store: Store) {
  let summary = store.get(fleetSummaryAtom);

  const count = (device: FleetDevice | null, sign: 1 | -1) => {
    if (!device) return;
    summary = {
      total: summary.total + sign,
      connected: summary.connected + (device.connected ? sign : 0),
      switchedOn: summary.switchedOn + (isSwitchedOn(device) ? sign : 0),
    };
  };

  const put = (id: string, next: FleetDevice | null) => {
    const atom = deviceAtomFamily(id);
    const previous = store.get(atom);
    if (previous === next) return;
    count(previous, -1);
    count(next, 1);
    store.set(atom, next);
  };

  return {
    /**
     * Stores devices from the API; a device whose data did not change keeps its atom value, so
     * its marker does not redraw.
     */
    putDevices(devices: readonly FleetDevice[]): void {
      for (const device of devices) {
        const current = store.get(deviceAtomFamily(device.deviceId));
        if (!isSameJson(current, device)) put(device.deviceId, device);
      }
      store.set(fleetSummaryAtom, summary);
    },

    /**
     * Sets the visible device ids; devices no longer listed are forgotten. The first load shows
     * each page as it arrives; a reload keeps the listed ids until its last page (`complete`), so
     * markers do not vanish and grow back page by page.
     */
    setIds(ids: readonly string[], complete: boolean): void {
      const isReload = store.get(isFleetLoadedAtom);
      if (!complete && isReload) return;
      const current = store.get(deviceIdsAtom);
      if (complete) {
        const kept = new Set(ids);
        for (const id of current) if (!kept.has(id)) put(id, null);
        store.set(fleetSummaryAtom, summary);
        store.set(isFleetLoadedAtom, true);
      }
      if (!isSameIds(current, ids)) store.set(deviceIdsAtom, ids);
    },

    /** Applies one frame's realtime updates and returns the ids of devices it does not hold. */
    applyUpdates(updates: readonly FleetUpdate[]): string[] {
      const unknown = new Set<string>();
      for (const update of updates) {
        const current = store.get(deviceAtomFamily(update.payload.deviceId));
        if (current) put(current.deviceId, applyFleetUpdate(current, update));
        else unknown.add(update.payload.deviceId);
      }
      store.set(fleetSummaryAtom, summary);
      return [...unknown];
    },

    /** Adds devices registered after the fleet was loaded. */
    addDevices(devices: readonly FleetDevice[]): void {
      for (const device of devices) put(device.deviceId, device);
      store.set(fleetSummaryAtom, summary);
      const ids = store.get(deviceIdsAtom);
      const added = devices.map((device) => device.deviceId).filter((id) => !ids.includes(id));
      if (added.length > 0) store.set(deviceIdsAtom, [...ids, ...added]);
    },
  };
}
export type FleetWriter = ReturnType<typeof createFleetWriter>;
