import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { DEMO_PROJECT_ID } from './index';
import { FleetColumnsSchema } from './fleet';

const twoDevices = () => ({
  count: 2,
  deviceId: ['6b0d7a52-2f1c-4c1e-9a53-0d2f3c4b5a61', '8d2f9c74-4a3e-4e3a-9c75-2f4a5e6d7c83'],
  serialNumber: ['OR-LP-000001', 'OR-LP-000002'],
  name: ['Plaça Reial 3', 'Plaça Reial 4'],
  kinds: ['light-point-controller'],
  kind: [0, 0],
  vendors: ['orion'],
  vendor: [0, 0],
  statuses: ['ready'],
  status: [0, 0],
  projects: [DEMO_PROJECT_ID],
  project: [0, 0],
  latitude: [41.387412, null],
  longitude: [2.168612, null],
  flags: [7, 0],
  streams: { [`fleet:${DEMO_PROJECT_ID}`]: 12 },
});

describe('FleetColumnsSchema', () => {
  it('takes a well-formed fleet, unknown positions as null', () => {
    expect(FleetColumnsSchema.parse(twoDevices()).latitude).toEqual([41.387412, null]);
  });

  it.each([
    ['deviceId', ['6b0d7a52-2f1c-4c1e-9a53-0d2f3c4b5a61', 7]],
    ['kind', [0, -1]],
    ['kind', [0, 0.5]],
    ['latitude', [41.4, 91]],
    ['longitude', [2.1, '2.2']],
    ['flags', [7, 16]],
    ['name', 'Plaça Reial'],
  ])('refuses a %s column holding %j, naming the column', (key, value) => {
    const result = FleetColumnsSchema.safeParse({ ...twoDevices(), [key]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([key]);
  });

  it('refuses columns of another length than count, and codes outside their table', () => {
    const short = FleetColumnsSchema.safeParse({ ...twoDevices(), flags: [7] });
    expect(short.error?.issues.map((issue) => issue.path)).toEqual([['flags']]);
    const outside = FleetColumnsSchema.safeParse({ ...twoDevices(), vendor: [0, 1] });
    expect(outside.error?.issues.map((issue) => issue.message)).toEqual(['Codes must index vendors']);
  });

  it('documents each column as the array it is', () => {
    const json = z.toJSONSchema(FleetColumnsSchema, { unrepresentable: 'any' }) as {
      properties: Record<string, unknown>;
    };
    expect(json.properties['latitude']).toMatchObject({
      type: 'array',
      items: { type: 'number', minimum: -90, maximum: 90 },
    });
    expect(json.properties['deviceId']).toMatchObject({ type: 'array', items: { type: 'string' } });
  });
});
