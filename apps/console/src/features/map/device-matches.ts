import type { FleetDevice } from '@farola/protocol';

/** How many matches 'Find in map' lists; more would not help anyone pick. */
export const MAX_MATCHES = 20;

/**
 * Devices whose serial number or name contains the query (case-insensitive), serial-number
 * prefixes first, at most MAX_MATCHES.
 *
 * @example
 * findDevices(devices, 'lp-0001'); // devices whose serial number or name contains 'lp-0001'
 */
export function findDevices(devices: Iterable<FleetDevice>, query: string): FleetDevice[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [];
  const prefixed: FleetDevice[] = [];
  const containing: FleetDevice[] = [];
  for (const device of devices) {
    const serial = device.serialNumber.toLowerCase();
    if (serial.startsWith(needle)) prefixed.push(device);
    else if (serial.includes(needle) || device.name.toLowerCase().includes(needle)) containing.push(device);
    if (prefixed.length >= MAX_MATCHES) break;
  }
  return [...prefixed, ...containing].slice(0, MAX_MATCHES);
}
