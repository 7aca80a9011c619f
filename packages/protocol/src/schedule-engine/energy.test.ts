import { describe, expect, it } from 'vitest';
import { yearEnergy } from './energy';
import { yearPreview } from './year-preview';
import { BARCELONA, everyDay, SUNSET_TO_SUNRISE, SYDNEY, TROMSO } from './preview-fixtures';

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
      const preview = yearPreview(SUNSET_TO_SUNRISE, place, 2027);
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
