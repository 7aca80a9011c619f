import { describe, expect, it } from 'vitest';
import { DEMO_PROJECT_ID } from './index';
import { STREAMED_EVENT_TYPES } from './realtime';
import { DEVICE_STREAM, parseStream, STREAMS, streams } from './streams';

const DEVICE_ID = '6b0d7a52-2f1c-4c1e-9a53-0d2f3c4b5a61';

describe('the stream registry', () => {
  it('names a stream by its kind and id', () => {
    expect(streams.fleet(DEMO_PROJECT_ID)).toBe(`fleet:${DEMO_PROJECT_ID}`);
    expect(streams.device(DEVICE_ID)).toBe(`device:${DEVICE_ID}`);
    expect(DEVICE_STREAM.address(DEVICE_ID)).toBe(`device:${DEVICE_ID}`);
  });

  it('parses the name of a stream of every declared kind, with its declaration', () => {
    for (const definition of Object.values(STREAMS)) {
      expect(parseStream(definition.address(DEMO_PROJECT_ID))).toEqual({
        kind: definition.kind,
        id: DEMO_PROJECT_ID,
        definition,
      });
    }
  });

  it('refuses a name of an undeclared kind, or without a UUID', () => {
    expect(parseStream(`alarms:${DEMO_PROJECT_ID}`)).toBeNull();
    expect(parseStream(`FLEET:${DEMO_PROJECT_ID}`)).toBeNull();
    expect(parseStream(`toString:${DEMO_PROJECT_ID}`)).toBeNull();
    expect(parseStream('fleet:42')).toBeNull();
    expect(parseStream(DEMO_PROJECT_ID)).toBeNull();
  });

  it('lists apart exactly the events its kinds carry', () => {
    const declared = new Set(Object.values(STREAMS).flatMap((definition) => Object.keys(definition.events)));
    expect(new Set(STREAMED_EVENT_TYPES)).toEqual(declared);
  });

  it('validates an item with its stream position against its kind', () => {
    const report = { deviceId: DEVICE_ID, projectId: DEMO_PROJECT_ID, ts: '2025-01-01T20:00:00.000Z' };
    const schema = STREAMS.device.events.DeviceAttributeValueUpdated;
    expect(
      schema.safeParse({ ...report, values: { dimming: 70 }, stream: streams.device(DEVICE_ID), seq: 1 }).success,
    ).toBe(true);
    expect(schema.safeParse({ ...report, values: { dimming: 70 } }).success).toBe(false);
  });
});
