import { describe, expect, it } from 'vitest';
import { DeviceIndex } from './device-index';
import type { DeviceIndexEntry } from './device.repository';

const entry = (id: string, connected?: boolean): DeviceIndexEntry => ({
  id,
  serialNumber: `S-${id}`,
  projectId: '00000000-0000-4000-8000-000000000001',
  deviceType: 'light-point-controller',
  vendor: 'orion',
  gatewayId: null,
  ...(connected === undefined ? {} : { connection: { connected, since: '2026-11-23T10:00:00.000Z' } }),
  name: id,
  status: 'ready',
  latitude: null,
  longitude: null,
  switchedOn: null,
  remoteManagementDisabled: false,
  disabled: false,
  attributesAt: null,
});

describe('the device index', () => {
  it('counts connected devices as their connections change, not provisioned ones that never spoke', () => {
    const index = new DeviceIndex([entry('a', true), entry('b', false), entry('c')]);
    expect(index.connectedCount()).toBe(1);
    index.setConnection('b', { connected: true, since: '2026-11-23T10:01:00.000Z' });
    index.setConnection('a', { connected: true, since: '2026-11-23T10:02:00.000Z' });
    expect(index.connectedCount()).toBe(2);
    index.setConnection('a', { connected: false, since: '2026-11-23T10:03:00.000Z' });
    expect(index.connectedCount()).toBe(1);
  });

  it("keeps a device's entry up to date with its connection, for reads that hold the entry", () => {
    const index = new DeviceIndex([entry('a', false)]);
    index.setConnection('a', { connected: true, since: '2026-11-23T10:01:00.000Z' });
    expect(index.id('a')?.connection).toEqual({ connected: true, since: '2026-11-23T10:01:00.000Z' });
    // A device heard from before its entry joined the index (registration still being stored).
    index.setConnection('b', { connected: true, since: '2026-11-23T10:02:00.000Z' });
    index.add(entry('b'));
    expect(index.id('b')?.connection?.connected).toBe(true);
    expect(index.connectedCount()).toBe(2);
  });
});
