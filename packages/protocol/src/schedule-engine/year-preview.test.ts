import { describe, expect, it } from 'vitest';
import { yearPreview } from './year-preview';
import { BARCELONA, everyDay, SUNSET_TO_SUNRISE, SYDNEY, TROMSO } from './preview-fixtures';

const day = (preview: ReturnType<typeof yearPreview>, date: string) => preview.days.find((d) => d.date === date)!;

describe('the year-ahead preview of a schedule', () => {
  it('gives every local day of the year 24 hourly levels, lit from sunset to sunrise, none burning by day', () => {
    const preview = yearPreview(SUNSET_TO_SUNRISE, BARCELONA, 2027);
    expect(preview.days).toHaveLength(365);
    expect(preview.days[0]!.date).toBe('2027-01-01');
    const january = day(preview, '2027-01-15');
    expect(january.hours[22]).toBe(100);
    expect(january.hours[13]).toBe(0);
    expect(preview.days.every((d) => !d.flags.includes('daylightBurn') && !d.flags.includes('darkAfterSunset'))).toBe(
      true,
    );
    // About half the year's hours, more in winter than in summer.
    expect(preview.burnHours).toBeGreaterThan(4200);
    expect(preview.burnHours).toBeLessThan(4600);
    expect(day(preview, '2027-12-21').burnHours).toBeGreaterThan(day(preview, '2027-06-21').burnHours + 5);
    expect(preview.meanLevel).toBe(100);
  });

  it('keeps 24 hours on the daylight-saving days of both hemispheres, the clock times following the change', () => {
    const madrid = yearPreview(
      everyDay([
        { start: '22:00', dimming: 100, fadingMinutes: 0 },
        { start: '06:00', dimming: 0, fadingMinutes: 0 },
      ]),
      BARCELONA,
      2027,
    );
    // 28 March 2027: 02:00 becomes 03:00; 31 October: 03:00 becomes 02:00. The program keeps its clock times.
    for (const date of ['2027-03-28', '2027-10-31']) {
      const d = day(madrid, date);
      expect(d.hours).toHaveLength(24);
      expect(d.hours[5]).toBe(100);
      expect(d.hours[6]).toBe(0);
      expect(d.hours[22]).toBe(100);
    }
    expect(day(madrid, '2027-03-28').burnHours).toBe(7);
    expect(day(madrid, '2027-10-31').burnHours).toBe(9);
    const sydney = yearPreview(SUNSET_TO_SUNRISE, SYDNEY, 2027);
    // Southern summer: the December nights are the short ones.
    expect(day(sydney, '2027-06-21').burnHours).toBeGreaterThan(day(sydney, '2027-12-21').burnHours + 3);
    expect(day(sydney, '2027-10-03').hours).toHaveLength(24);
  });

  it('lights the whole polar night and never the polar day (70° N), never falling back to midnight', () => {
    const preview = yearPreview(SUNSET_TO_SUNRISE, TROMSO, 2027);
    const midwinter = day(preview, '2027-12-21');
    expect(midwinter.burnHours).toBe(24);
    expect(midwinter.hours.every((level) => level === 100)).toBe(true);
    const midsummer = day(preview, '2027-06-21');
    expect(midsummer.burnHours).toBe(0);
    expect(midsummer.hours.every((level) => level === 0)).toBe(true);
    // Between them the nights shorten and lengthen without a jump: mid-March has a real night.
    const march = day(preview, '2027-03-15');
    expect(march.burnHours).toBeGreaterThan(10);
    expect(march.burnHours).toBeLessThan(14);
  });

  it('keeps a program whose offsets do not fit a short northern night off instead of lighting the day', () => {
    const padded = everyDay([
      { start: { sun: 'sunset', offsetMinutes: 120 }, dimming: 100, fadingMinutes: 0 },
      { start: { sun: 'sunrise', offsetMinutes: -120 }, dimming: 0, fadingMinutes: 0 },
    ]);
    // Near 66° N in June the night is about two hours: sunrise−120 would come before sunset+120.
    const preview = yearPreview(padded, { latitude: 65.6, longitude: 22.15, timezone: 'Europe/Stockholm' }, 2027);
    const june = day(preview, '2027-06-21');
    expect(june.burnHours).toBe(0);
    expect(june.flags).not.toContain('daylightBurn');
    expect(day(preview, '2027-01-15').burnHours).toBeGreaterThan(14);
  });

  it('names the starts a daylight-saving change moves, in both hemispheres, and where none happens', () => {
    const lateNight = everyDay([
      { start: { sun: 'sunset', offsetMinutes: 0 }, dimming: 100, fadingMinutes: 0 },
      { start: '02:30', dimming: 40, fadingMinutes: 0 },
      { start: { sun: 'sunrise', offsetMinutes: 0 }, dimming: 0, fadingMinutes: 0 },
    ]);
    // Madrid: 02:00 → 03:00 on 28 March 2027, 03:00 → 02:00 on 31 October.
    expect(yearPreview(lateNight, BARCELONA, 2027).clockShifts).toEqual([
      { date: '2027-03-28', start: '02:30', kind: 'skipped', runsAt: '03:30' },
      { date: '2027-10-31', start: '02:30', kind: 'repeated', runsAt: '02:30' },
    ]);
    // Sydney: 03:00 → 02:00 on 4 April 2027, 02:00 → 03:00 on 3 October.
    expect(yearPreview(lateNight, SYDNEY, 2027).clockShifts).toEqual([
      { date: '2027-04-04', start: '02:30', kind: 'repeated', runsAt: '02:30' },
      { date: '2027-10-03', start: '02:30', kind: 'skipped', runsAt: '03:30' },
    ]);
    // Across the date line, Kiribati keeps one offset all year.
    const kiritimati = { latitude: 1.87, longitude: -157.4, timezone: 'Pacific/Kiritimati' };
    expect(yearPreview(lateNight, kiritimati, 2027).clockShifts).toEqual([]);
    expect(yearPreview(lateNight, kiritimati, 2027).days).toHaveLength(365);
  });

  it('counts the polar days where the polar rule holds, and none further south', () => {
    expect(yearPreview(SUNSET_TO_SUNRISE, TROMSO, 2027).polarDays).toBeGreaterThan(100);
    expect(yearPreview(SUNSET_TO_SUNRISE, BARCELONA, 2027).polarDays).toBe(0);
  });

  it('flags days that burn in daylight, stay dark after sunset, or never switch off', () => {
    const early = yearPreview(
      everyDay([
        { start: '17:00', dimming: 100, fadingMinutes: 0 },
        { start: { sun: 'sunrise', offsetMinutes: 0 }, dimming: 0, fadingMinutes: 0 },
      ]),
      BARCELONA,
      2027,
    );
    expect(day(early, '2027-06-21').flags).toContain('daylightBurn');
    const partNight = yearPreview(
      everyDay([
        { start: { sun: 'sunset', offsetMinutes: 0 }, dimming: 100, fadingMinutes: 0 },
        { start: '01:00', dimming: 0, fadingMinutes: 0 },
      ]),
      BARCELONA,
      2027,
    );
    expect(day(partNight, '2027-01-15').flags).toContain('darkAfterSunset');
    const always = yearPreview(everyDay([{ start: '12:00', dimming: 40, fadingMinutes: 0 }]), BARCELONA, 2027);
    expect(day(always, '2027-05-01').flags).toEqual(expect.arrayContaining(['neverOff', 'daylightBurn']));
    expect(always.meanLevel).toBe(40);
  });
});
