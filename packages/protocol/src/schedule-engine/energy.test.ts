import { describe, expect, it } from 'vitest';
import type { ProgramInterval, Schedule } from '../scheduling';
import { yearEnergy } from './energy';
import { yearPreview } from './year-preview';

const PROGRAM_ID = '5b0e3f47-3b9b-4a53-a6a5-6b8f2a1c9d10';
const BARCELONA = { latitude: 41.39, longitude: 2.17, timezone: 'Europe/Madrid' };
const SYDNEY = { latitude: -33.87, longitude: 151.21, timezone: 'Australia/Sydney' };
const TROMSO = { latitude: 69.65, longitude: 18.96, timezone: 'Europe/Oslo' };

function everyDay(intervals: ProgramInterval[]): Schedule {
  return {
    calendar: {
      id: 'c8a4f0d2-0d7e-4b61-9f53-2f4e8a7b1c55',
      name: 'Every day',
      astronomical: false,
      rules: [{ repetition: 'daily', startDate: '2000-01-01', programId: PROGRAM_ID }],
    },
    programs: [{ id: PROGRAM_ID, name: 'Night', intervals }],
  };
}

const DUSK_TO_DAWN = everyDay([
  { start: { sun: 'sunset', offsetMinutes: 0 }, dimming: 100, fadingMinutes: 0 },
  { start: { sun: 'sunrise', offsetMinutes: 0 }, dimming: 0, fadingMinutes: 0 },
]);

describe('the yearly energy of a schedule', () => {
  it('draws 146 kWh for a 100 W light at 50 % from 22:00 to 06:00 in Barcelona, through both clock changes', () => {
    const preview = yearPreview(
      everyDay([
        { start: '22:00', dimming: 50, fadingMinutes: 0 },
        { start: '06:00', dimming: 0, fadingMinutes: 0 },
      ]),
      BARCELONA,
      2027,
    );
    const energy = yearEnergy(preview, 100, 0.25);
    // 8 hours a night (7 on the spring-forward night, 9 on the autumn one) × 365 × 50 % × 100 W.
    expect(energy.burnHours).toBe(2920);
    expect(energy.fullLoadHours).toBe(1460);
    expect(energy.energyKWh).toBeCloseTo(146, 9);
    expect(energy.cost).toBeCloseTo(36.5, 9);
    // Against the same light fully on from sunset to sunrise: about two thirds saved.
    expect(energy.savedKWh).toBeCloseTo(energy.baselineKWh - 146, 9);
    expect(energy.savedPercent).toBeGreaterThan(65);
    expect(energy.savedPercent).toBeLessThan(67);
  });

  it('takes as baseline the night hours × the rated power, which a dusk-to-dawn program at 100 % draws', () => {
    // Sunrise and sunset with refraction: the nights are a little shorter than the days, 11.8 hours on
    // average; at 70° N the polar nights count whole, the polar days not at all.
    const places = [
      { place: BARCELONA, nights: [4290, 4320] },
      { place: SYDNEY, nights: [4330, 4350] },
      { place: TROMSO, nights: [4150, 4180] },
    ];
    for (const { place, nights } of places) {
      const preview = yearPreview(DUSK_TO_DAWN, place, 2027);
      expect(preview.nightHours).toBeGreaterThan(nights[0]!);
      expect(preview.nightHours).toBeLessThan(nights[1]!);
      const energy = yearEnergy(preview, 40 + 60 + 100, 0.2);
      expect(energy.baselineKWh).toBeCloseTo((preview.nightHours * 200) / 1000, 9);
      expect(energy.baselineCost).toBeCloseTo(energy.baselineKWh * 0.2, 9);
      // The engine samples every 10 minutes: within a tenth of a percent of the baseline, nothing saved.
      expect(Math.abs(energy.savedPercent)).toBeLessThan(0.1);
      expect(energy.energyKWh).toBeCloseTo(energy.baselineKWh, 0);
    }
  });

  it('counts a light left on by day as negative savings, and nothing without a known power', () => {
    const preview = yearPreview(everyDay([{ start: '12:00', dimming: 100, fadingMinutes: 0 }]), BARCELONA, 2027);
    const energy = yearEnergy(preview, 100, 0.2);
    expect(energy.energyKWh).toBeCloseTo(876, 9);
    expect(energy.savedKWh).toBeLessThan(-400);
    expect(energy.savedPercent).toBeLessThan(-100);
    expect(yearEnergy(preview, 0, 0.2)).toMatchObject({ energyKWh: 0, baselineKWh: 0, cost: 0, savedPercent: 0 });
  });
});
