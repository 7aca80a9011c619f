import { describe, expect, it } from 'vitest';
import type { FleetDevice } from '@farola/protocol';
import { buildDevice, buildFleetColumns } from '@/lib/api/data-generators';
import { toFleetDevice } from '@/lib/api/fleet';
import { FleetStore } from './fleet-store';
import { findDevices as findInStore, MAX_MATCHES } from './device-matches';

function findDevices(devices: readonly FleetDevice[], query: string): FleetDevice[] {
  const fleet = new FleetStore();
  fleet.load(buildFleetColumns(devices));
  return findInStore(fleet, query);
}

describe('findDevices', () => {
  const devices = [
    buildDevice({ seed: 1, name: 'Carrer de Mallorca 12' }),
    buildDevice({ seed: 2, name: 'Plaça Reial' }),
    buildDevice({ seed: 12, name: 'Avinguda Diagonal' }),
  ].map(toFleetDevice);

  it('finds devices by serial number, ignoring case', () => {
    expect(findDevices(devices, 'or-lp-000002').map((device) => device.name)).toEqual(['Plaça Reial']);
  });

  it('finds devices by name', () => {
    expect(findDevices(devices, 'diagonal').map((device) => device.serialNumber)).toEqual(['OR-LP-000012']);
  });

  it('lists serial-number prefixes before other matches', () => {
    const result = findDevices(devices, 'OR-LP-00001');
    expect(result.map((device) => device.serialNumber)).toEqual(['OR-LP-000012']);
    expect(findDevices(devices, '12').map((device) => device.serialNumber)).toEqual(['OR-LP-000001', 'OR-LP-000012']);
  });

  it('finds nothing for an empty query and caps long result lists', () => {
    expect(findDevices(devices, '  ')).toEqual([]);
    const many = Array.from({ length: 50 }, (_, index) => toFleetDevice(buildDevice({ seed: 100 + index })));
    expect(findDevices(many, 'OR-LP')).toHaveLength(MAX_MATCHES);
  });
});
