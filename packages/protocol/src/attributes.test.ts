import { describe, expect, it } from 'vitest';
import { ATTRIBUTE_KEYS, AttributeValuesSchema, attributeUnit } from './attributes';
import { toFieldIssues } from './errors';

describe('AttributeValuesSchema', () => {
  it('holds every attribute key of the specification', () => {
    for (const key of [
      'estimatedTotalActiveEnergy',
      'shouldBeConnectedByGroup',
      'astronomicalInfo',
      'outputs',
      'cellId',
    ]) {
      expect(ATTRIBUTE_KEYS).toContain(key);
    }
  });

  it('accepts a plausible light point report', () => {
    const values = {
      dimming: 70,
      dimmer: 69.5,
      poweredOn: true,
      instantaneousActivePower: 48.2,
      voltage: 230.1,
      current: 0.22,
      powerFactor: 0.95,
      totalActiveEnergy: 1234.5,
      operateMode: '005',
      astronomicalInfo: { sunrise: '2026-11-21T06:58:00Z', sunset: '2026-11-21T16:27:00Z' },
    };
    expect(AttributeValuesSchema.parse(values)).toEqual(values);
  });

  it("takes a cabinet output's schedule, fixed or astronomical, and until when it is manual", () => {
    const outputs = [
      {
        index: 1,
        on: true,
        mode: 2,
        schedule: {
          kind: 'fixed',
          rules: [
            { time: '00:00', dimming: 0 },
            { time: '19:30', dimming: 100 },
          ],
        },
        manualUntil: '2026-11-21T23:30:00.000Z',
      },
      { index: 2, on: false, mode: 0, schedule: { kind: 'astro', sunriseOffsetMinutes: -10, sunsetOffsetMinutes: 15 } },
    ];
    expect(AttributeValuesSchema.parse({ outputs })).toEqual({ outputs });
    const late = { index: 1, on: true, schedule: { kind: 'fixed', rules: [{ time: '06:00', dimming: 100 }] } };
    expect(toFieldIssues(AttributeValuesSchema.safeParse({ outputs: [late] }).error!)[0]).toMatchObject({
      path: 'outputs.0.schedule.rules',
    });
  });

  it('names the field of an out-of-range value', () => {
    const result = AttributeValuesSchema.safeParse({ dimming: 170, voltage: 230 });
    expect(toFieldIssues(result.error!)).toEqual([
      expect.objectContaining({ path: 'dimming', rule: 'max', limit: 100 }),
    ]);
  });

  it('names the field of a value of the wrong type', () => {
    const result = AttributeValuesSchema.safeParse({ poweredOn: 'yes' });
    expect(toFieldIssues(result.error!)[0]).toMatchObject({ path: 'poweredOn', rule: 'type' });
  });

  it('refuses an unknown attribute, so a misspelt key does not pass silently', () => {
    const result = AttributeValuesSchema.safeParse({ dimmming: 50 });
    expect(toFieldIssues(result.error!)[0]).toMatchObject({ path: 'dimmming', rule: 'unknownKey' });
  });

  it('refuses an operate mode outside the six codes', () => {
    expect(AttributeValuesSchema.safeParse({ operateMode: '007' }).success).toBe(false);
  });

  it('gives units for measures and none for flags', () => {
    expect(attributeUnit('instantaneousActivePower')).toBe('W');
    expect(attributeUnit('totalActiveEnergy')).toBe('kWh');
    expect(attributeUnit('poweredOn')).toBeUndefined();
  });
});
