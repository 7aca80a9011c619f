import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { buildFleetColumns, buildFleetDevice } from '@/lib/api/data-generators';
import { bindFleetAtoms, fleetCountsAtom, fleetSlotsVersionAtom, fleetVersionAtom } from './fleet-atoms';
import { FleetStore, NO_FILTER } from './fleet-store';
import { isSelectionCompatible, selectionMakeup } from './selection';

const OTHER_PROJECT = '00000000-0000-4000-8000-0000000000aa';

function loadedStore() {
  const devices = [
    buildFleetDevice({ seed: 1 }),
    buildFleetDevice({ seed: 2, connected: false }),
    buildFleetDevice({ seed: 3, attributes: { poweredOn: false } }),
    buildFleetDevice({ seed: 4, deviceType: 'cabinet-controller', vendor: 'vega', projectId: OTHER_PROJECT }),
    buildFleetDevice({ seed: 5, latitude: null, longitude: null, status: 'installation' }),
  ];
  const fleet = new FleetStore();
  fleet.load(buildFleetColumns(devices));
  return { fleet, devices };
}

describe('the fleet store', () => {
  it('gives back every device as the API described it, located or not', () => {
    const { fleet, devices } = loadedStore();
    expect(fleet.size).toBe(5);
    for (const device of devices) expect(fleet.deviceById(device.deviceId)).toEqual(device);
    expect(fleet.hasLocation(fleet.indexOf(devices[4]!.deviceId))).toBe(false);
    expect(fleet.deviceById('00000000-0000-4000-8000-00000000ffff')).toBeNull();
  });

  it('finds the devices of the latest load only, in their new slots', () => {
    const { fleet, devices } = loadedStore();
    expect(fleet.indexOf(devices[0]!.deviceId)).toBe(0);
    const reloaded = [devices[4]!, devices[3]!, buildFleetDevice({ seed: 9 })];
    fleet.load(buildFleetColumns(reloaded));
    expect(reloaded.map((device) => fleet.indexOf(device.deviceId))).toEqual([0, 1, 2]);
    expect(fleet.deviceById(devices[0]!.deviceId)).toBeNull();
    // The first leaves: the last takes its slot and is found there.
    fleet.apply([{ deviceId: reloaded[0]!.deviceId, projectId: reloaded[0]!.projectId, left: true }]);
    expect(fleet.indexOf(reloaded[0]!.deviceId)).toBe(-1);
    expect(fleet.indexOf(reloaded[2]!.deviceId)).toBe(0);
    expect(fleet.deviceById(reloaded[2]!.deviceId)).toEqual(reloaded[2]);
  });

  it('finds every device at any moment while its ids are indexed in idle time, through a reload', async () => {
    const idle = () => new Promise((resolve) => setTimeout(resolve, 0));
    const devices = Array.from({ length: 7_000 }, (_, seed) => buildFleetDevice({ seed: seed + 1 }));
    const fleet = new FleetStore();
    fleet.load(buildFleetColumns(devices));
    await idle();
    // A reload in the middle: the same fleet backwards, without its first device.
    const reloaded = devices.slice(1).reverse();
    fleet.load(buildFleetColumns(reloaded));
    expect(fleet.indexOf(reloaded[6_998]!.deviceId)).toBe(6_998);
    expect(fleet.indexOf(devices[0]!.deviceId)).toBe(-1);
    fleet.load(buildFleetColumns(devices));
    await idle();
    await idle();
    expect(devices.every((device, slot) => fleet.indexOf(device.deviceId) === slot)).toBe(true);
    fleet.add([buildFleetDevice({ seed: 7_001 })]);
    expect(fleet.indexOf(buildFleetDevice({ seed: 7_001 }).deviceId)).toBe(7_000);
  });

  it('draws and counts a previewed fleet, and finds its devices once the same answer brings their identities', () => {
    const devices = [buildFleetDevice({ seed: 21 }), buildFleetDevice({ seed: 22, connected: false })];
    const { deviceId, serialNumber, name, ...drawing } = buildFleetColumns(devices);
    const fleet = new FleetStore();
    fleet.preview(drawing);
    expect(fleet.loaded).toBe(true);
    expect(fleet.getCounts()).toMatchObject({ total: 2, connected: 1 });
    expect(fleet.identified).toBe(false);
    expect(fleet.indexOf(devices[0]!.deviceId)).toBe(-1);
    expect(fleet.serialNumbers).toEqual(['', '']);
    const slotsVersion = fleet.slotsVersion;
    fleet.load({ ...drawing, deviceId, serialNumber, name });
    expect(fleet.identified).toBe(true);
    expect(fleet.slotsVersion).toBeGreaterThan(slotsVersion);
    for (const device of devices) expect(fleet.deviceById(device.deviceId)).toEqual(device);
    expect(fleet.getCounts()).toMatchObject({ total: 2, connected: 1 });
  });

  it('counts devices, connected, switched on and in alarm, and keeps the counts through changes', () => {
    const { fleet, devices } = loadedStore();
    expect(fleet.getCounts()).toEqual({ total: 5, connected: 4, switchedOn: 3, alarm: 0 });
    const version = fleet.version;
    fleet.apply([
      { deviceId: devices[0]!.deviceId, connected: false },
      { deviceId: devices[2]!.deviceId, on: true, alarm: true },
    ]);
    expect(fleet.getCounts()).toEqual({ total: 5, connected: 3, switchedOn: 3, alarm: 1 });
    expect(fleet.version).toBe(version + 1);
    // A frame that changes nothing leaves the version, so nothing redraws.
    fleet.apply([{ deviceId: devices[2]!.deviceId, on: true }]);
    expect(fleet.version).toBe(version + 1);
  });

  it('tells the map a state change without re-mapping slots, and the counters only when a count moved', () => {
    const { fleet, devices } = loadedStore();
    const store = createStore();
    const stop = bindFleetAtoms(store, fleet);
    const slots = store.get(fleetSlotsVersionAtom);
    const counts = store.get(fleetCountsAtom);
    // Switching one device off and another on: the fleet changed, its counts did not.
    fleet.apply([
      { deviceId: devices[0]!.deviceId, on: false },
      { deviceId: devices[2]!.deviceId, on: true },
    ]);
    expect(store.get(fleetVersionAtom)).toBe(fleet.version);
    expect(store.get(fleetCountsAtom)).toBe(counts);
    expect(store.get(fleetSlotsVersionAtom)).toBe(slots);
    fleet.apply([{ deviceId: devices[0]!.deviceId, connected: false }]);
    expect(store.get(fleetCountsAtom)).toEqual({ ...counts, connected: counts.connected - 1 });
    fleet.add([buildFleetDevice({ seed: 7 })]);
    expect(store.get(fleetSlotsVersionAtom)).toBe(slots + 1);
    stop();
  });

  it('counts only what passes the quick filters, and follows changes under them', () => {
    const { fleet, devices } = loadedStore();
    fleet.setFilter({ ...NO_FILTER, connection: 'disconnected' });
    expect(fleet.getCounts()).toMatchObject({ total: 1, connected: 0 });
    fleet.apply([{ deviceId: devices[0]!.deviceId, connected: false }]);
    expect(fleet.getCounts().total).toBe(2);
    fleet.setFilter({ ...NO_FILTER, vendors: new Set(['vega']) });
    expect(fleet.getCounts()).toMatchObject({ total: 1, switchedOn: 1 });
    fleet.setFilter({ ...NO_FILTER, kinds: new Set(['light-point-controller']), statuses: new Set(['ready']) });
    expect(fleet.getCounts().total).toBe(3);
    fleet.setFilter({ ...NO_FILTER, projects: new Set([OTHER_PROJECT]) });
    expect(fleet.getCounts().total).toBe(1);
    fleet.add([buildFleetDevice({ seed: 6, projectId: OTHER_PROJECT })]);
    expect(fleet.getCounts().total).toBe(2);
    fleet.setFilter({ ...NO_FILTER, alarmsOnly: true });
    expect(fleet.getCounts().total).toBe(0);
  });

  it('adds devices registered after the load and moves devices that report a new location', () => {
    const { fleet, devices } = loadedStore();
    const added = buildFleetDevice({ seed: 7, latitude: 40.4, longitude: -3.7 });
    fleet.add([added]);
    expect(fleet.deviceById(added.deviceId)).toEqual(added);
    expect(fleet.getCounts().total).toBe(6);
    fleet.apply([{ deviceId: devices[4]!.deviceId, latitude: 41.5, longitude: 2.2 }]);
    expect(fleet.deviceById(devices[4]!.deviceId)).toMatchObject({ latitude: 41.5, longitude: 2.2 });
    expect(fleet.apply([{ deviceId: '00000000-0000-4000-8000-00000000ffff', connected: true }])).toEqual([
      '00000000-0000-4000-8000-00000000ffff',
    ]);
  });

  it('drops a device that left the project it is held under, and moves one that arrived in another', () => {
    const { fleet, devices } = loadedStore();
    const [first, second, third] = devices;
    fleet.setFilter({ ...NO_FILTER, projects: new Set([OTHER_PROJECT]) });
    expect(fleet.getCounts().total).toBe(1);
    // Arrived in the other project (seen by a user of both): it moves there, counted under its filter.
    fleet.apply([{ deviceId: second!.deviceId, projectId: OTHER_PROJECT, connected: false }]);
    expect(fleet.deviceById(second!.deviceId)?.projectId).toBe(OTHER_PROJECT);
    expect(fleet.getCounts().total).toBe(2);
    // Its departure from the old project, arriving after: it stays where it now is.
    fleet.apply([{ deviceId: second!.deviceId, projectId: first!.projectId, left: true }]);
    expect(fleet.deviceById(second!.deviceId)?.projectId).toBe(OTHER_PROJECT);

    fleet.setFilter(NO_FILTER);
    const version = fleet.version;
    const unknown = fleet.apply([{ deviceId: first!.deviceId, projectId: first!.projectId, left: true }]);
    expect(unknown).toEqual([]);
    expect(fleet.version).toBe(version + 1);
    expect(fleet.deviceById(first!.deviceId)).toBeNull();
    expect(fleet.size).toBe(4);
    expect(fleet.getCounts()).toEqual({ total: 4, connected: 3, switchedOn: 2, alarm: 0 });
    // The device that took its slot is whole; a departure of a device not held changes nothing.
    for (const device of [third!, devices[3]!, devices[4]!]) {
      expect(fleet.deviceById(device.deviceId)).toEqual(device);
    }
    expect(fleet.apply([{ deviceId: first!.deviceId, projectId: first!.projectId, left: true }])).toEqual([]);
    expect(fleet.version).toBe(version + 1);
  });

  it("tells a selection's vendor families and kinds, and refuses one that mixes families", () => {
    const { fleet, devices } = loadedStore();
    const ids = devices.map((device) => device.deviceId);
    expect(selectionMakeup(ids.slice(0, 2), fleet)).toEqual({ vendors: ['orion'], kinds: ['light-point-controller'] });
    expect(selectionMakeup(ids, fleet)).toEqual({
      vendors: ['orion', 'vega'],
      kinds: ['light-point-controller', 'cabinet-controller'],
    });
    expect(isSelectionCompatible(ids.slice(0, 3), fleet)).toBe(true);
    expect(isSelectionCompatible(ids, fleet)).toBe(false);
  });
});
