import { DeviceConnectionStatusUpdatedSchema } from '@farola/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROJECT_ID } from '@/lib/api/data-generators';
import { normalisePayloads } from './normalise-payloads';

const valid = {
  deviceId: '00000000-0000-4000-8000-000000000001',
  projectId: PROJECT_ID,
  ts: '2025-05-04T10:00:00.000Z',
  connected: false,
};

describe('normalisePayloads', () => {
  afterEach(() => vi.restoreAllMocks());

  it('wraps a single payload in a list', () => {
    expect(normalisePayloads('DeviceConnectionStatusUpdated', DeviceConnectionStatusUpdatedSchema, valid)).toEqual([
      valid,
    ]);
  });

  it('flattens a batched array and drops only the invalid items, with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const batch = [valid, { ...valid, connected: 'yes' }, { ...valid, deviceId: 'not-a-uuid' }, valid];
    const result = normalisePayloads('DeviceConnectionStatusUpdated', DeviceConnectionStatusUpdatedSchema, batch);
    expect(result).toEqual([valid, valid]);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('survives garbage without throwing', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(normalisePayloads('DeviceConnectionStatusUpdated', DeviceConnectionStatusUpdatedSchema, 'garbage')).toEqual(
      [],
    );
    expect(normalisePayloads('DeviceConnectionStatusUpdated', DeviceConnectionStatusUpdatedSchema, null)).toEqual([]);
  });
});
