import type { FleetDevice } from '@farola/protocol';
import { atom, type createStore } from 'jotai';
import { fleetStore, NO_FILTER, type FleetCounts, type FleetFilter, type FleetStore } from './fleet-store';

/**
 * The atoms through which components follow the fleet store (fleet-store.ts): the store
 * holds the devices in typed arrays; these atoms change once per store change (at most once per
 * animation frame), so a component re-renders when the fleet changed and reads the store then.
 */

/** The fleet store's version: read it to re-render when the fleet changed. */
export const fleetVersionAtom = atom(0);

/** The fleet store's slots version: read it to re-map device ids to slots after a load or an add. */
export const fleetSlotsVersionAtom = atom(0);

/** How many devices the fleet holds (changes on a load or a registration, not on state changes). */
export const fleetSizeAtom = atom(0);

/** False until the first full load of the fleet has finished. */
export const isFleetLoadedAtom = atom(false);

/** The counts of the devices that pass the quick filters ('{n} devices', connected, switched on, in alarm). */
export const fleetCountsAtom = atom<FleetCounts>({ total: 0, connected: 0, switchedOn: 0, alarm: 0 });

const filterValueAtom = atom<FleetFilter>(NO_FILTER);

/** The map's quick filters; setting them filters the store (map layer, counters, selection by area). */
export const fleetFilterAtom = atom(
  (get) => get(filterValueAtom),
  (_get, set, filter: FleetFilter) => {
    set(filterValueAtom, filter);
    fleetStore.setFilter(filter);
  },
);

function isSameDevice(a: FleetDevice, b: FleetDevice): boolean {
  return (Object.keys(a) as (keyof FleetDevice)[]).every((key) => a[key] === b[key]);
}

function deviceAtomOf(id: string) {
  let last: FleetDevice | null = null;
  return atom((get): FleetDevice | null => {
    get(fleetVersionAtom);
    // No device ('': nothing selected) needs no look-up, which would index the whole fleet.
    const next = id === '' ? null : fleetStore.deviceById(id);
    if (next && last && isSameDevice(last, next)) return last;
    last = next;
    return next;
  });
}

const deviceAtoms = new Map<string, ReturnType<typeof deviceAtomOf>>();

/**
 * One device's compact state, or null when the fleet does not hold it (always null for '', no
 * device). The same object comes back while the device does not change, so a component showing
 * one device re-renders only for it.
 */
export function deviceAtomFamily(id: string): ReturnType<typeof deviceAtomOf> {
  let found = deviceAtoms.get(id);
  if (!found) {
    found = deviceAtomOf(id);
    deviceAtoms.set(id, found);
  }
  return found;
}

type Store = ReturnType<typeof createStore>;

function sameCounts(a: FleetCounts, b: FleetCounts): boolean {
  return a.total === b.total && a.connected === b.connected && a.switchedOn === b.switchedOn && a.alarm === b.alarm;
}

/** Keeps the fleet atoms of `store` in step with `fleet`; returns the function that stops it. */
export function bindFleetAtoms(store: Store, fleet: FleetStore = fleetStore): () => void {
  const update = () => {
    store.set(fleetVersionAtom, fleet.version);
    store.set(fleetSlotsVersionAtom, fleet.slotsVersion);
    store.set(fleetSizeAtom, fleet.size);
    // A frame of live changes often leaves the counts as they were: keep the same object then, so
    // the counters do not re-render.
    const counts = fleet.getCounts();
    if (!sameCounts(store.get(fleetCountsAtom), counts)) store.set(fleetCountsAtom, counts);
    store.set(isFleetLoadedAtom, fleet.loaded);
  };
  update();
  return fleet.subscribe(update);
}
