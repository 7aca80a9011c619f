import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { buildAttributeUpdate, buildFleetDevice } from '@/lib/api/data-generators';
import { deviceAtomFamily, deviceIdsAtom, fleetSummaryAtom, isFleetLoadedAtom } from './fleet-atoms';
import { createFleetWriter } from './fleet-writer';

function setup() {
  const store = createStore();
  return { store, writer: createFleetWriter(store) };
}

describe('createFleetWriter', () => {
  it('counts devices, connected ones and switched-on ones as pages arrive', () => {
    const { store, writer } = setup();
    const devices = [
      buildFleetDevice({ seed: 11 }),
      buildFleetDevice({ seed: 12, attributes: { poweredOn: false } }),
      buildFleetDevice({ seed: 13, connected: false }),
    ];
    writer.putDevices(devices);
    writer.setIds(
      devices.map((device) => device.deviceId),
      true,
    );
    expect(store.get(fleetSummaryAtom)).toEqual({ total: 3, connected: 2, switchedOn: 1 });
    expect(store.get(isFleetLoadedAtom)).toBe(true);
  });

  it('applies fleet state changes to the device and the counts', () => {
    const { store, writer } = setup();
    const device = buildFleetDevice({ seed: 21, attributes: { poweredOn: false } });
    writer.putDevices([device]);
    writer.applyUpdates([
      {
        kind: 'state',
        payload: { ...device, on: true, status: 'maintenance', stream: `fleet:${device.projectId}`, seq: 4 },
      },
    ]);
    expect(store.get(deviceAtomFamily(device.deviceId))).toMatchObject({ on: true, status: 'maintenance' });
    expect(store.get(fleetSummaryAtom)).toEqual({ total: 1, connected: 1, switchedOn: 1 });
  });

  it("follows connection changes and, from a server without the fleet stream, a light's poweredOn", () => {
    const { store, writer } = setup();
    const device = buildFleetDevice({ seed: 22 });
    writer.putDevices([device]);
    writer.applyUpdates([
      {
        kind: 'attributes',
        payload: buildAttributeUpdate({ deviceId: device.deviceId, values: { poweredOn: false } }),
      },
    ]);
    expect(store.get(fleetSummaryAtom)).toEqual({ total: 1, connected: 1, switchedOn: 0 });
    writer.applyUpdates([
      {
        kind: 'connection',
        payload: {
          deviceId: device.deviceId,
          projectId: device.projectId,
          ts: '2025-05-04T10:01:00.000Z',
          connected: false,
        },
      },
    ]);
    expect(store.get(deviceAtomFamily(device.deviceId))?.connected).toBe(false);
    expect(store.get(fleetSummaryAtom)).toEqual({ total: 1, connected: 0, switchedOn: 0 });
  });

  it('leaves a device alone for attribute reports that do not touch its switched state', () => {
    const { store, writer } = setup();
    const device = buildFleetDevice({ seed: 23 });
    writer.putDevices([device]);
    const stored = store.get(deviceAtomFamily(device.deviceId));
    writer.applyUpdates([
      { kind: 'attributes', payload: buildAttributeUpdate({ deviceId: device.deviceId, values: { dimming: 30 } }) },
    ]);
    expect(store.get(deviceAtomFamily(device.deviceId))).toBe(stored);
  });

  it('reports updates of devices it does not hold, and adds a device registered after the load', () => {
    const { store, writer } = setup();
    const known = buildFleetDevice({ seed: 51 });
    const registered = buildFleetDevice({ seed: 52 });
    writer.putDevices([known]);
    writer.setIds([known.deviceId], true);
    const unknown = writer.applyUpdates([
      { kind: 'attributes', payload: buildAttributeUpdate({ deviceId: registered.deviceId, values: { dimming: 20 } }) },
      { kind: 'attributes', payload: buildAttributeUpdate({ deviceId: known.deviceId, values: { dimming: 30 } }) },
    ]);
    expect(unknown).toEqual([registered.deviceId]);
    writer.addDevices([registered]);
    expect(store.get(deviceIdsAtom)).toEqual([known.deviceId, registered.deviceId]);
    expect(store.get(fleetSummaryAtom).total).toBe(2);
  });

  it('forgets devices a full reload no longer lists', () => {
    const { store, writer } = setup();
    const [kept, gone] = [buildFleetDevice({ seed: 41 }), buildFleetDevice({ seed: 42 })];
    writer.putDevices([kept, gone]);
    writer.setIds([kept.deviceId, gone.deviceId], true);
    writer.putDevices([kept]);
    writer.setIds([kept.deviceId], true);
    expect(store.get(deviceIdsAtom)).toEqual([kept.deviceId]);
    expect(store.get(deviceAtomFamily(gone.deviceId))).toBeNull();
    expect(store.get(fleetSummaryAtom).total).toBe(1);
  });

  it('keeps the listed devices on the map until a reload has loaded its last page, then lists them once', () => {
    const { store, writer } = setup();
    const [first, second, third] = [
      buildFleetDevice({ seed: 61 }),
      buildFleetDevice({ seed: 62 }),
      buildFleetDevice({ seed: 63 }),
    ];
    writer.putDevices([first, second]);
    writer.setIds([first.deviceId], false);
    // The first load shows each page as it arrives.
    expect(store.get(deviceIdsAtom)).toEqual([first.deviceId]);
    writer.setIds([first.deviceId, second.deviceId], true);
    const loaded = store.get(deviceIdsAtom);

    writer.putDevices([first]);
    writer.setIds([first.deviceId], false);
    expect(store.get(deviceIdsAtom)).toBe(loaded);
    writer.putDevices([second]);
    writer.setIds([first.deviceId, second.deviceId], true);
    expect(store.get(deviceIdsAtom)).toBe(loaded);

    writer.putDevices([third]);
    writer.setIds([first.deviceId, second.deviceId, third.deviceId], true);
    expect(store.get(deviceIdsAtom)).toEqual([first.deviceId, second.deviceId, third.deviceId]);
  });

  it('leaves the atom of a device alone when a reload brings the same data', () => {
    const { store, writer } = setup();
    const device = buildFleetDevice({ seed: 71 });
    writer.putDevices([device]);
    const stored = store.get(deviceAtomFamily(device.deviceId));
    writer.putDevices([structuredClone(device)]);
    expect(store.get(deviceAtomFamily(device.deviceId))).toBe(stored);
    writer.putDevices([{ ...device, name: 'Renamed' }]);
    expect(store.get(deviceAtomFamily(device.deviceId))?.name).toBe('Renamed');
    expect(store.get(fleetSummaryAtom).total).toBe(1);
  });
});
