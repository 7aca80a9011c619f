import { DEMO_PROJECT_ID } from '@farola/protocol';
import { describe, expect, it } from 'vitest';
import { DeviceIndex } from './device-index';
import type { DeviceIndexEntry } from './device.repository';
import { ALL_PROJECTS } from '../../db/rows';
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
});
