import type { FleetDevice } from '@farola/protocol';
import type { FleetStore } from './fleet-store';

/** How many matches 'Find in map' lists; more would not help anyone pick. */
export const MAX_MATCHES = 20;

/**
 * Devices of the fleet whose serial number or name contains the query (case-insensitive),
 * serial-number prefixes first, at most MAX_MATCHES. It walks the store's string arrays and builds
 * objects only for the matches it returns, so 100,000 devices take milliseconds.
 *
 * @example
 * findDevices(fleetStore, 'lp-0001'); // devices whose serial number or name contains 'lp-0001'
 */
export function findDevices(fleet: FleetStore, query: string): FleetDevice[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [];
  const prefixed: number[] = [];
  const containing: number[] = [];
  for (let i = 0; i < fleet.size && prefixed.length < MAX_MATCHES; i += 1) {
    const serial = fleet.serialNumbers[i]!.toLowerCase();
    if (serial.startsWith(needle)) prefixed.push(i);
    else if (
      containing.length < MAX_MATCHES &&
      (serial.includes(needle) || fleet.names[i]!.toLowerCase().includes(needle))
    )
      containing.push(i);
  }
  return [...prefixed, ...containing].slice(0, MAX_MATCHES).map((i) => fleet.device(i));
}
