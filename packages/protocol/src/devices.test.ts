import { describe, expect, it } from 'vitest';
import { DeviceListQuerySchema } from './devices';

describe('the device list query', () => {
  it('reads a map box as west, south, east, north', () => {
    expect(DeviceListQuerySchema.parse({ bbox: '2.1,41.3,2.2,41.4' }).bbox).toEqual([2.1, 41.3, 2.2, 41.4]);
  });

  it.each([
    ['a longitude beyond 180', '500,41.3,2.2,41.4'],
    ['a latitude beyond 90', '2.1,-95,2.2,41.4'],
    ['a south edge north of the north edge', '2.1,41.4,2.2,41.3'],
    ['too few numbers', '2.1,41.3,2.2'],
    ['words', 'west,south,east,north'],
  ])('rejects %s with an issue on bbox', (_, bbox) => {
    const result = DeviceListQuerySchema.safeParse({ bbox });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe('bbox');
  });
});

describe('the inventory list filters', () => {
  it('take a filter repeated, comma-separated, or both', () => {
    expect(DeviceListQuerySchema.parse({ status: ['ready', 'revision,maintenance'] }).status).toEqual([
      'ready',
      'revision',
      'maintenance',
    ]);
    expect(DeviceListQuerySchema.parse({ status: 'ready' }).status).toEqual(['ready']);
  });

  it('refuse an unknown status or list', () => {
    expect(DeviceListQuerySchema.safeParse({ status: 'broken' }).success).toBe(false);
    expect(DeviceListQuerySchema.safeParse({ list: 'archive' }).success).toBe(false);
  });

  it('accept a date or a zoned date-time as a bound, not a bare local time', () => {
    expect(DeviceListQuerySchema.parse({ installedFrom: '2026-01-01' }).installedFrom).toBe('2026-01-01');
    expect(DeviceListQuerySchema.safeParse({ createdTo: '2026-01-01T10:00:00Z' }).success).toBe(true);
    expect(DeviceListQuerySchema.safeParse({ createdTo: '2026-01-01T10:00:00' }).success).toBe(false);
  });

  it('allow at most 500 items per page', () => {
    expect(DeviceListQuerySchema.safeParse({ limit: '500' }).success).toBe(true);
    expect(DeviceListQuerySchema.safeParse({ limit: '501' }).success).toBe(false);
  });
});
