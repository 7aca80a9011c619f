import type { FleetDevice } from '@farola/protocol';
import { atom } from 'jotai';
import { primitiveAtomFamily } from './atom-family';

/**
 * The live fleet, shared by every feature that shows devices: the compact state of `GET /fleet`
 * kept current by `FleetStateUpdated`. The fleet sync writes these atoms through `appStore` once
 * per animation frame; components read them and never the socket.
 */

/** One atom per device id: the device's compact state, or null when unknown. */
export const deviceAtomFamily = primitiveAtomFamily<FleetDevice | null>(() => null);

/** Ids of every device the user can see, in the order the API listed them. */
export const deviceIdsAtom = atom<readonly string[]>([]);

/** False until the first full load of the fleet has finished. */
export const isFleetLoadedAtom = atom(false);

/** The fleet counts the map header shows, kept by the sync so no component walks the fleet. */
export interface FleetSummary {
  total: number;
  connected: number;
  switchedOn: number;
}
export const fleetSummaryAtom = atom<FleetSummary>({ total: 0, connected: 0, switchedOn: 0 });

/** Whether a device counts as switched on: connected and switched on. */
export function isSwitchedOn(device: Pick<FleetDevice, 'connected' | 'on'>): boolean {
  return device.connected && device.on === true;
}
