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
});
