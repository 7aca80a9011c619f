import type { ProgramInterval } from '@farola/protocol';
import { describe, expect, it } from 'vitest';
import { clockOfNight, curveLevels, minuteOfNight, placeSteps } from './program-curve';

const at = (clock: string) => minuteOfNight(clock);

describe('the dimming curve of a control program', () => {
  const residential: ProgramInterval[] = [
    { start: { sun: 'sunset', offsetMinutes: 0 }, dimming: 100, fadingMinutes: 0 },
    { start: '23:00', dimming: 60, fadingMinutes: 20 },
    { start: '05:30', dimming: 100, fadingMinutes: 10 },
    { start: { sun: 'sunrise', offsetMinutes: 15 }, dimming: 0, fadingMinutes: 0 },
  ];

  it('places starts on the night from noon, sun points at the drawn sunset and sunrise', () => {
    expect(at('12:00')).toBe(0);
    expect(at('23:00')).toBe(11 * 60);
    expect(at('05:30')).toBe(17 * 60 + 30);
    expect(minuteOfNight({ sun: 'sunset', offsetMinutes: -30 })).toBe(at('18:30'));
    expect(minuteOfNight({ sun: 'sunrise', offsetMinutes: 15 })).toBe(at('07:15'));
    expect(clockOfNight(at('05:30'))).toBe('05:30');
  });

  it('holds each level from its start, fades to it, and wraps the last level round to noon', () => {
    const levels = curveLevels(residential);
    expect(levels).toHaveLength(24 * 60);
    expect(levels[at('13:00')]).toBe(0);
    expect(levels[at('19:00')]).toBe(100);
    expect(levels[at('23:00')]).toBe(100);
    expect(levels[at('23:10')]).toBe(80);
    expect(levels[at('23:20')]).toBe(60);
    expect(levels[at('03:00')]).toBe(60);
    expect(levels[at('05:35')]).toBe(80);
    expect(levels[at('07:14')]).toBe(100);
    expect(levels[at('07:15')]).toBe(0);
  });

  it('cuts a fade short at the next start, whatever the order the intervals were given in', () => {
    const steps = placeSteps([
      { start: '23:10', dimming: 30, fadingMinutes: 0 },
      { start: '23:00', dimming: 50, fadingMinutes: 30 },
    ]);
    expect(steps.map((step) => [step.index, step.fadeMinutes])).toEqual([
      [1, 10],
      [0, 0],
    ]);
  });
});
