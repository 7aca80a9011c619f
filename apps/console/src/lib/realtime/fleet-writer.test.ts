import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { buildAttributeUpdate, buildDevice } from '@/lib/api/data-generators';
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
      buildDevice({ seed: 11 }),
      buildDevice({ seed: 12, attributes: { poweredOn: false } }),
      buildDevice({ seed: 13, connected: false }),
    ];
    writer.putDevices(devices);
    writer.setIds(
      devices.map((device) => device.id),
      true,
    );
    expect(store.get(fleetSummaryAtom)).toEqual({ total: 3, connected: 2, switchedOn: 1 });
    expect(store.get(isFleetLoadedAtom)).toBe(true);
  });

  it('merges live attribute values and connection changes into the device and the counts', () => {
    const { store, writer } = setup();
    const device = buildDevice({ seed: 21 });
    writer.putDevices([device]);
    writer.applyUpdates([
      { kind: 'attributes', payload: buildAttributeUpdate({ deviceId: device.id, values: { dimming: 30 } }) },
      {
        kind: 'connection',
        payload: { deviceId: device.id, projectId: device.projectId, ts: '2025-05-04T10:01:00.000Z', connected: false },
      },
    ]);
    const stored = store.get(deviceAtomFamily(device.id));
    expect(stored?.attributes).toEqual({ poweredOn: true, dimming: 30 });
    expect(stored?.connected).toBe(false);
    expect(store.get(fleetSummaryAtom)).toEqual({ total: 1, connected: 0, switchedOn: 0 });
  });

  it('reports updates of devices it does not hold, and adds a device registered after the load', () => {
    const { store, writer } = setup();
    const known = buildDevice({ seed: 51 });
    const registered = buildDevice({ seed: 52 });
    writer.putDevices([known]);
    writer.setIds([known.id], true);
    const unknown = writer.applyUpdates([
      { kind: 'attributes', payload: buildAttributeUpdate({ deviceId: registered.id, values: { dimming: 20 } }) },
      { kind: 'attributes', payload: buildAttributeUpdate({ deviceId: known.id, values: { dimming: 30 } }) },
    ]);
    expect(unknown).toEqual([registered.id]);
    writer.addDevice(registered);
    expect(store.get(deviceIdsAtom)).toEqual([known.id, registered.id]);
    expect(store.get(fleetSummaryAtom).total).toBe(2);
  });

  it('keeps live values newer than a reloaded page', () => {
    const { store, writer } = setup();
    const device = buildDevice({ seed: 31 });
    writer.putDevices([device]);
    writer.applyUpdates([
      { kind: 'attributes', payload: buildAttributeUpdate({ deviceId: device.id, values: { dimming: 10 } }) },
    ]);
    writer.putDevices([device]);
    expect(store.get(deviceAtomFamily(device.id))?.attributes.dimming).toBe(10);
  });

  it('forgets devices a full reload no longer lists', () => {
    const { store, writer } = setup();
    const [kept, gone] = [buildDevice({ seed: 41 }), buildDevice({ seed: 42 })];
    writer.putDevices([kept, gone]);
    writer.setIds([kept.id, gone.id], true);
    writer.putDevices([kept]);
    writer.setIds([kept.id], true);
    expect(store.get(deviceIdsAtom)).toEqual([kept.id]);
    expect(store.get(deviceAtomFamily(gone.id))).toBeNull();
    expect(store.get(fleetSummaryAtom).total).toBe(1);
  });

  it('keeps the listed devices on the map until a reload has loaded its last page, then lists them once', () => {
    const { store, writer } = setup();
    const [first, second, third] = [buildDevice({ seed: 61 }), buildDevice({ seed: 62 }), buildDevice({ seed: 63 })];
    writer.putDevices([first, second]);
    writer.setIds([first.id], false);
    // The first load shows each page as it arrives.
    expect(store.get(deviceIdsAtom)).toEqual([first.id]);
    writer.setIds([first.id, second.id], true);
    const loaded = store.get(deviceIdsAtom);

    writer.putDevices([first]);
    writer.setIds([first.id], false);
    expect(store.get(deviceIdsAtom)).toBe(loaded);
    writer.putDevices([second]);
    writer.setIds([first.id, second.id], true);
    expect(store.get(deviceIdsAtom)).toBe(loaded);

    writer.putDevices([third]);
    writer.setIds([first.id, second.id, third.id], true);
    expect(store.get(deviceIdsAtom)).toEqual([first.id, second.id, third.id]);
  });

  it('leaves the atom of a device alone when a reload brings the same data', () => {
    const { store, writer } = setup();
    const device = buildDevice({ seed: 71 });
    writer.putDevices([device]);
    const stored = store.get(deviceAtomFamily(device.id));
    writer.putDevices([structuredClone(device)]);
    expect(store.get(deviceAtomFamily(device.id))).toBe(stored);
    writer.putDevices([{ ...device, name: 'Renamed' }]);
    expect(store.get(deviceAtomFamily(device.id))?.name).toBe('Renamed');
    expect(store.get(fleetSummaryAtom).total).toBe(1);
  });
});
