import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { DEMO_PROJECT_ID } from './index';
import {
  encodeFleetColumns,
  type FleetColumns,
  fleetColumnsJson,
  FleetColumnsSchema,
  FleetDrawingSchema,
  fleetIdentitiesSchema,
  splitFleetColumns,
  toBase64,
} from './fleet';

const twoDevices = (): FleetColumns => ({
  count: 2,
  deviceId: ['6b0d7a52-2f1c-4c1e-9a53-0d2f3c4b5a61', '8d2f9c74-4a3e-4e3a-9c75-2f4a5e6d7c83'],
  serialNumber: ['OR-LP-000001', 'OR-LP-000002'],
  name: ['Plaça Reial 3', 'Plaça Reial 4'],
  kinds: ['light-point-controller'],
  kind: new Uint8Array([0, 0]),
  vendors: ['orion'],
  vendor: new Uint8Array([0, 0]),
  statuses: ['ready'],
  status: new Uint8Array([0, 0]),
  projects: [DEMO_PROJECT_ID],
  project: new Uint32Array([0, 0]),
  latitude: new Float64Array([41.387412, Number.NaN]),
  longitude: new Float64Array([-2.168612, Number.NaN]),
  flags: new Uint8Array([7, 0]),
  streams: { [`fleet:${DEMO_PROJECT_ID}`]: 12 },
});

const packed = (values: number[], Type: Uint8ArrayConstructor | Int32ArrayConstructor | Uint32ArrayConstructor) => {
  const array = new Type(values);
  return toBase64(new Uint8Array(array.buffer));
};

describe('FleetColumnsSchema', () => {
  it('unpacks what encodeFleetColumns packed: the same fleet, unknown positions as NaN', () => {
    const wire = encodeFleetColumns(twoDevices());
    // What travels is JSON: text columns as arrays, numeric ones as base64 text.
    expect(typeof wire.latitude).toBe('string');
    const fleet = FleetColumnsSchema.parse(JSON.parse(JSON.stringify(wire)));
    expect(fleet).toEqual(twoDevices());
    expect(Array.from(fleet.longitude)).toEqual([-2.168612, Number.NaN]);
  });

  it('keeps a million devices apart: codes past one byte and coordinates at their limits', () => {
    const fleet = { ...twoDevices(), projects: Array.from({ length: 300 }, () => DEMO_PROJECT_ID) };
    fleet.project = new Uint32Array([0, 299]);
    fleet.latitude = new Float64Array([-90, 90]);
    fleet.longitude = new Float64Array([-180, 180]);
    const read = FleetColumnsSchema.parse(encodeFleetColumns(fleet));
    expect(Array.from(read.project)).toEqual([0, 299]);
    expect(Array.from(read.latitude)).toEqual([-90, 90]);
    expect(Array.from(read.longitude)).toEqual([-180, 180]);
  });

  it.each([
    ['deviceId', ['6b0d7a52-2f1c-4c1e-9a53-0d2f3c4b5a61', 7]],
    ['name', 'Plaça Reial'],
    ['kind', 'not base64!'],
    ['kind', packed([0, 1], Uint8Array)],
    ['flags', packed([7, 16], Uint8Array)],
    ['flags', packed([7], Uint8Array)],
    ['latitude', packed([41_400_000, 91_000_000], Int32Array)],
    ['longitude', packed([2_100_000], Int32Array)],
    ['project', packed([0, 1], Uint32Array)],
  ])('refuses a %s column holding %j, naming the column', (key, value) => {
    const result = FleetColumnsSchema.safeParse({ ...encodeFleetColumns(twoDevices()), [key]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([key]);
  });

  it('says why: a column of another length than count, codes outside their table', () => {
    const short = FleetColumnsSchema.safeParse({ ...encodeFleetColumns(twoDevices()), name: ['Plaça Reial 3'] });
    expect(short.error?.issues.map((issue) => issue.message)).toEqual(['Expected 2 values']);
    const outside = FleetColumnsSchema.safeParse({
      ...encodeFleetColumns(twoDevices()),
      vendor: packed([0, 1], Uint8Array),
    });
    expect(outside.error?.issues.map((issue) => issue.message)).toEqual(['Codes must index vendors']);
  });

  it('documents each column as what travels', () => {
    const json = z.toJSONSchema(FleetColumnsSchema, { io: 'input', unrepresentable: 'any' }) as {
      properties: Record<string, unknown>;
    };
    expect(json.properties['deviceId']).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(json.properties['latitude']).toMatchObject({ type: 'string', format: 'byte' });
  });
});

describe('splitFleetColumns', () => {
  const bytesOf = (json: string) => new TextEncoder().encode(json);
  const parse = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes)) as unknown;

  it('cuts what the map draws from the identities in place, the same fleet as the whole', () => {
    // A name that holds the JSON that opens the identities, and letters of two bytes in UTF-8.
    const fleet = { ...twoDevices(), name: ['Plaça ,"deviceId":[ 3', 'Plaça Reial 4'] };
    const json = fleetColumnsJson(encodeFleetColumns(fleet));
    expect(FleetColumnsSchema.parse(JSON.parse(json))).toEqual(fleet);
    const bytes = bytesOf(json);
    const split = splitFleetColumns(bytes)!;
    expect(split.drawing.buffer).toBe(bytes.buffer);
    const drawing = FleetDrawingSchema.parse(parse(split.drawing));
    const identities = fleetIdentitiesSchema(drawing.count).parse(parse(split.identities));
    expect({ ...drawing, ...identities }).toEqual(fleet);
    expect(Object.keys(drawing)).not.toContain('deviceId');
  });

  it('leaves an answer laid out otherwise to be read whole', () => {
    expect(splitFleetColumns(bytesOf(JSON.stringify(encodeFleetColumns(twoDevices()))))).toBeNull();
    expect(splitFleetColumns(bytesOf('{"count":0}'))).toBeNull();
  });

  it('refuses identities of another length than the fleet', () => {
    const identities = {
      deviceId: ['6b0d7a52-2f1c-4c1e-9a53-0d2f3c4b5a61'],
      serialNumber: ['OR-LP-000001'],
      name: ['x'],
    };
    expect(fleetIdentitiesSchema(1).safeParse(identities).success).toBe(true);
    expect(fleetIdentitiesSchema(2).safeParse(identities).error?.issues[0]?.path).toEqual(['deviceId']);
  });
});
