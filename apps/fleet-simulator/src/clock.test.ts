import { describe, expect, it } from 'vitest';
import { SimClock } from './clock';

describe('the simulated clock', () => {
  it('runs SIM_SPEED times faster than the wall clock, from where it was set', () => {
    let real = 1_000_000;
    const clock = new SimClock(60, () => real);
    expect(clock.now()).toBe(1_000_000);
    real += 1000;
    expect(clock.now()).toBe(1_060_000);
    const dusk = Date.parse('2026-06-21T19:00:00Z');
    clock.set(dusk);
    real += 60_000;
    expect(clock.now()).toBe(dusk + 3_600_000);
    expect(clock.realMs(3_600_000)).toBe(60_000);
  });
});
