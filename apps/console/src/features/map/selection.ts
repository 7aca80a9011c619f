import type { DeviceType, Vendor } from '@farola/protocol';
import { atom } from 'jotai';
import { fleetStore, KINDS, VENDORS, type FleetStore } from './fleet-store';

/**
 * The devices selected on the map (select area, one by one, shift/ctrl-click), by id. Bulk actions
 * act on it; the map's selection bar shows its count and clears it.
 */
export const mapSelectionAtom = atom<readonly string[]>([]);

/** What a selection holds: its vendor families and kinds (of the devices the fleet knows). */
export interface SelectionMakeup {
  vendors: Vendor[];
  kinds: DeviceType[];
}

/**
 * The vendor families and kinds a selection contains. A bulk action refuses a selection of more
 * than one family ('Selected items are incompatible').
 *
 * @example
 * selectionMakeup(store.get(mapSelectionAtom)).vendors.length > 1; // mixes families: refuse
 */
export function selectionMakeup(ids: readonly string[], fleet: FleetStore = fleetStore): SelectionMakeup {
  let vendorBits = 0;
  let kindBits = 0;
  for (const id of ids) {
    const i = fleet.indexOf(id);
    if (i < 0) continue;
    vendorBits |= 1 << fleet.vendor[i]!;
    kindBits |= 1 << fleet.kind[i]!;
  }
  return {
    vendors: VENDORS.filter((_vendor, code) => (vendorBits >>> code) & 1),
    kinds: KINDS.filter((_kind, code) => (kindBits >>> code) & 1),
  };
}

/** Whether a bulk action may take the selection: all of it from one vendor family. */
export function isSelectionCompatible(ids: readonly string[], fleet: FleetStore = fleetStore): boolean {
  return selectionMakeup(ids, fleet).vendors.length <= 1;
}
