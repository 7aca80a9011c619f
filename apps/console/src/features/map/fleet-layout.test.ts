import { describe, expect, it } from 'vitest';
import { buildFleetColumns, buildFleetDevice } from '@/lib/api/data-generators';
import { FleetStore, mercatorX, mercatorY, NO_FILTER } from './fleet-store';
import { devicesInRectangle, HitIndex, layoutFleet, restateFleet, type MapView } from './fleet-layout';

const ZOOM = 16;
const SCALE = 256 * 2 ** ZOOM;

/** A 800×600 view centred on (41.3874, 2.1686). */
function viewAround(lat = 41.3874, lng = 2.1686): MapView {
  return {
    left: mercatorX(lng) * SCALE - 400,
    top: mercatorY(lat) * SCALE - 300,
    width: 800,
    height: 600,
    scale: SCALE,
  };
}

/** Devices at the given offsets in metres-ish (1e-5 degrees ≈ 1 m) from the centre. */
function storeOf(offsets: [number, number][], overrides: Parameters<typeof buildFleetDevice>[0] = {}) {
  const fleet = new FleetStore();
  fleet.load(
    buildFleetColumns(
      offsets.map(([dLat, dLng], index) =>
        buildFleetDevice({ seed: 900 + index, latitude: 41.3874 + dLat, longitude: 2.1686 + dLng, ...overrides }),
      ),
    ),
  );
  return fleet;
}

describe('laying out the fleet', () => {
  it('draws every device in view, and none out of view or without a location', () => {
    const fleet = storeOf([
      [0, 0],
      [0.0005, 0.0005],
      [1, 1],
    ]);
    fleet.add([buildFleetDevice({ seed: 990, latitude: null, longitude: null })]);
    const list = layoutFleet(fleet, viewAround(), 0);
    expect(list.count).toBe(2);
    expect([list.x[0], list.y[0]]).toEqual([400, 300]);
  });

  it('gathers devices closer than a cell into one cluster at their mean position, counting their states', () => {
    const fleet = storeOf([
      [0, 0],
      [0.00001, 0.00001],
      [0.00002, 0],
      [0.003, 0.003],
    ]);
    fleet.apply([
      { deviceId: fleet.ids[1]!, connected: false },
      { deviceId: fleet.ids[2]!, alarm: true },
    ]);
    const list = layoutFleet(fleet, viewAround(), 44);
    expect(list.count).toBe(2);
    const cluster = [0, 1].find((item) => list.device[item] === -1)!;
    expect(list.size[cluster]).toBe(3);
    expect(list.disconnected[cluster]).toBe(1);
    expect(list.alarm[cluster]).toBe(1);
    expect(list.on[cluster]).toBe(2);
    expect(Math.abs(list.x[cluster]! - 400)).toBeLessThan(3);
  });

  it('repaints a live frame from the same layout with the new states, as a fresh layout would count them', () => {
    const fleet = storeOf([
      [0, 0],
      [0.00001, 0.00001],
      [0.00002, 0],
      [0.003, 0.003],
    ]);
    const list = layoutFleet(fleet, viewAround(), 44);
    const layoutVersion = fleet.layoutVersion;
    fleet.apply([
      { deviceId: fleet.ids[0]!, on: false },
      { deviceId: fleet.ids[1]!, connected: false },
      { deviceId: fleet.ids[3]!, alarm: true },
    ]);
    // No filter looks at states and nothing moved: the layout stands.
    expect(fleet.layoutVersion).toBe(layoutVersion);
    restateFleet(fleet, list);
    const fresh = layoutFleet(fleet, viewAround(), 44);
    for (const column of ['size', 'on', 'disconnected', 'alarm'] as const)
      expect([...list[column].slice(0, list.count)]).toEqual([...fresh[column].slice(0, fresh.count)]);
    expect(list.on[0]! + list.on[1]!).toBe(2);
    // Under a connection filter, or when a device moves, the store asks for a new layout.
    fleet.setFilter({ ...NO_FILTER, connection: 'connected' });
    const filtered = fleet.layoutVersion;
    fleet.apply([{ deviceId: fleet.ids[2]!, connected: false }]);
    expect(fleet.layoutVersion).toBe(filtered + 1);
    fleet.setFilter(NO_FILTER);
    const moved = fleet.layoutVersion;
    fleet.apply([{ deviceId: fleet.ids[0]!, latitude: 41.39 }]);
    expect(fleet.layoutVersion).toBe(moved + 1);
    // A device that left the project drops out of the layout, and its slot is taken by another.
    const slots = fleet.slotsVersion;
    fleet.apply([{ deviceId: fleet.ids[1]!, projectId: fleet.projects[fleet.project[1]!]!, left: true }]);
    expect([fleet.layoutVersion, fleet.slotsVersion]).toEqual([moved + 2, slots + 1]);
  });

  it('leaves out what the quick filters exclude', () => {
    const fleet = storeOf([
      [0, 0],
      [0.0005, 0],
    ]);
    fleet.apply([{ deviceId: fleet.ids[0]!, connected: false }]);
    fleet.setFilter({ ...NO_FILTER, connection: 'connected' });
    const list = layoutFleet(fleet, viewAround(), 0);
    expect(list.count).toBe(1);
    expect(fleet.ids[list.device[0]!]).toBe(fleet.ids[1]);
  });

  it('finds the item under the pointer, the nearest one, and nothing far from every item', () => {
    const fleet = storeOf([
      [0, 0],
      [0, 0.0001],
    ]);
    const list = layoutFleet(fleet, viewAround(), 0);
    const hits = new HitIndex();
    hits.build(list, 800, 600);
    const second = list.x[1]!;
    expect(hits.at(401, 301, 12)).toBe(0);
    expect(hits.at(second - 1, 300, 12)).toBe(1);
    expect(hits.at(200, 200, 12)).toBe(-1);
  });

  it('selects the devices inside a rectangle that pass the filters', () => {
    const fleet = storeOf([
      [0, 0],
      [0, 0.0001],
      [0, 0.002],
    ]);
    const view = viewAround();
    expect(devicesInRectangle(fleet, view, { x0: 380, y0: 280, x1: 440, y1: 320 })).toEqual([0, 1]);
    fleet.setFilter({ ...NO_FILTER, vendors: new Set(['vega'] as const) });
    expect(devicesInRectangle(fleet, view, { x0: 380, y0: 280, x1: 440, y1: 320 })).toEqual([]);
  });

  // How fast is the map bench's to say (tests/bench/map.bench.ts): a timed assertion here failed
  // on a busy machine without anything being wrong.
  it('lays out 100,000 devices, every one of them in a marker or a cluster', () => {
    const count = 100_000;
    const fleet = new FleetStore();
    const devices = Array.from({ length: count }, (_, i) =>
      buildFleetDevice({
        seed: 10_000 + i,
        latitude: 41.3 + (i % 400) / 2000,
        longitude: 2.0 + Math.floor(i / 400) / 1500,
      }),
    );
    fleet.load(buildFleetColumns(devices));
    const view = { ...viewAround(41.4, 2.08), scale: 256 * 2 ** 11 };
    view.left = mercatorX(2.08) * view.scale - 400;
    view.top = mercatorY(41.4) * view.scale - 300;
    const list = layoutFleet(fleet, view, 44);
    expect([...list.size.subarray(0, list.count)].reduce((a, b) => a + b, 0)).toBe(count);
  });
});
