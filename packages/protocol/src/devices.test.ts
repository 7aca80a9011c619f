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
