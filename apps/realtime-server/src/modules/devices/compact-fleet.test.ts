import {
  DEMO_PROJECT_ID,
  encodeFleetColumns,
  FLEET_FLAG,
  type FleetColumnsQuery,
  FleetColumnsSchema,
} from '@farola/protocol';
import { describe, expect, it } from 'vitest';
import { DeviceIndex } from './device-index';
import type { DeviceIndexEntry } from './device.repository';
import { ALL_PROJECTS, type ProjectScope } from '../../db/rows';
import { CompactFleet, reportedSwitchedOn } from './compact-fleet';

const entry = (overrides: Partial<DeviceIndexEntry> = {}): DeviceIndexEntry => ({
  id: '6b0d7a52-2f1c-4c1e-9a53-0d2f3c4b5a61',
  serialNumber: 'OR-LP-000001',
  projectId: DEMO_PROJECT_ID,
  deviceType: 'light-point-controller',
  vendor: 'orion',
  gatewayId: null,
  name: 'Plaça Reial 3',
  status: 'ready',
  latitude: null,
  longitude: null,
  switchedOn: null,
  remoteManagementDisabled: false,
  disabled: false,
  attributesAt: null,
  ...overrides,
});

/** The whole read of `GET /fleet/columns`, as FleetService puts it together: the members and their state. */
function columnsOf(fleet: CompactFleet, query: FleetColumnsQuery, scope: ProjectScope) {
  const { entries, columns } = fleet.members(query, scope);
  return { ...columns, ...fleet.stateColumns(entries) };
}

describe('the compact fleet', () => {
  it("reads the switched state from poweredOn, or from a cabinet's outputs, and nothing else", () => {
    expect(reportedSwitchedOn({ poweredOn: false, outputs: [{ index: 1, on: true }] })).toBe(false);
    expect(
      reportedSwitchedOn({
        outputs: [
          { index: 1, on: false },
          { index: 2, on: true },
        ],
      }),
    ).toBe(true);
    expect(reportedSwitchedOn({ outputs: [{ index: 1, on: false }] })).toBe(false);
    expect(reportedSwitchedOn({ dimming: 0, voltage: 230 })).toBeUndefined();
  });

  it('changes only on a newer report that switches the device, and lets no older report undo it', () => {
    const device = entry();
    const fleet = new CompactFleet(new DeviceIndex([device]));
    expect(fleet.attributesReported(device, { voltage: 230 }, '2030-01-01T10:00:00.000Z')).toBe(false);
    expect(fleet.attributesReported(device, { poweredOn: true }, '2030-01-01T10:01:00.000Z')).toBe(true);
    expect(fleet.attributesReported(device, { poweredOn: true }, '2030-01-01T10:02:00.000Z')).toBe(false);
    expect(fleet.attributesReported(device, { poweredOn: false }, '2030-01-01T09:00:00.000Z')).toBe(false);
    expect(fleet.state(device)).toMatchObject({ on: true, connected: false, alarm: false, status: 'ready' });
  });

  it('finds devices by serial number or name, whatever the case, within the scope', () => {
    const device = entry();
    const fleet = new CompactFleet(new DeviceIndex([device]));
    expect(fleet.list({ q: 'plaça' }, ALL_PROJECTS).map((d) => d.deviceId)).toEqual([device.id]);
    expect(fleet.list({ q: 'or-lp' }, ALL_PROJECTS)).toHaveLength(1);
    expect(fleet.list({}, [])).toEqual([]);
    expect(fleet.list({ deviceId: [device.id] }, ['00000000-0000-4000-8000-000000000002'])).toEqual([]);
  });

  it('gives the same fleet in columns: coded kinds, vendors, statuses and projects, coordinates rounded on the wire, packed flags', () => {
    const otherProject = '00000000-0000-4000-8000-000000000002';
    const lit = entry({ switchedOn: true, latitude: 41.38741234567, longitude: 2.16861234567 });
    const cabinet = entry({
      id: '7c1e8b63-3f2d-4d2f-8b64-1e3f4d5c6b72',
      serialNumber: 'VG-CC-000001',
      projectId: otherProject,
      deviceType: 'cabinet-controller',
      vendor: 'vega',
      status: 'installation',
      switchedOn: false,
    });
    const unreported = entry({ id: '8d2f9c74-4a3e-4e3a-9c75-2f4a5e6d7c83', serialNumber: 'OR-LP-000002' });
    const fleet = new CompactFleet(new DeviceIndex([lit, cabinet, unreported]));
    const columns = FleetColumnsSchema.parse(
      encodeFleetColumns({ ...columnsOf(fleet, {}, ALL_PROJECTS), streams: {} }),
    );
    expect(columns.count).toBe(3);
    const at = (id: string) => columns.deviceId.indexOf(id);
    const i = at(cabinet.id);
    expect(columns.kinds[columns.kind[i]!]).toBe('cabinet-controller');
    expect(columns.vendors[columns.vendor[i]!]).toBe('vega');
    expect(columns.statuses[columns.status[i]!]).toBe('installation');
    expect(columns.projects[columns.project[i]!]).toBe(otherProject);
    expect(columns.flags[i]).toBe(FLEET_FLAG.onKnown);
    expect(columns.flags[at(lit.id)]).toBe(FLEET_FLAG.on | FLEET_FLAG.onKnown);
    expect(columns.flags[at(unreported.id)]).toBe(0);
    expect([columns.latitude[at(lit.id)], columns.longitude[at(lit.id)]]).toEqual([41.387412, 2.168612]);
    expect(columns.latitude[at(unreported.id)]).toBeNaN();
    expect(columnsOf(fleet, {}, [otherProject]).deviceId).toEqual([cabinet.id]);
    expect(columnsOf(fleet, { projectId: otherProject }, [DEMO_PROJECT_ID]).count).toBe(0);
  });

  it('names in its project table only the projects that still hold devices', () => {
    const otherProject = '00000000-0000-4000-8000-000000000002';
    const moved = entry({ projectId: otherProject });
    const index = new DeviceIndex([moved, entry({ id: '8d2f9c74-4a3e-4e3a-9c75-2f4a5e6d7c83' })]);
    index.move(moved.id, DEMO_PROJECT_ID);
    const columns = columnsOf(new CompactFleet(index), {}, ALL_PROJECTS);
    expect(columns.projects).toEqual([DEMO_PROJECT_ID]);
    expect(Array.from(columns.project)).toEqual([0, 0]);
  });
});
