import { afterEach, describe, expect, it, vi } from 'vitest';
import { dayOfIsoDate, localInstant, localMoment } from './local-time';

const MADRID = 'Europe/Madrid';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('localMoment', () => {
  it('gives the local date and minutes in the timezone, on both sides of a clock change', () => {
    expect(localMoment(Date.parse('2026-03-29T00:59:00Z'), MADRID)).toEqual({
      day: dayOfIsoDate('2026-03-29'),
      minutes: 1 * 60 + 59,
    });
    expect(localMoment(Date.parse('2026-03-29T01:00:00Z'), MADRID)).toEqual({
      day: dayOfIsoDate('2026-03-29'),
      minutes: 3 * 60,
    });
    expect(localMoment(Date.parse('2026-12-31T23:30:00Z'), MADRID)).toEqual({
      day: dayOfIsoDate('2027-01-01'),
      minutes: 30,
    });
    expect(localMoment(Date.parse('2026-12-31T23:30:00Z'), 'America/New_York')).toEqual({
      day: dayOfIsoDate('2026-12-31'),
      minutes: 18 * 60 + 30,
    });
  });

  it('formats once per minute and timezone, however many devices ask', () => {
    const format = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    const minute = Date.parse('2026-05-04T20:17:00Z');
    for (let i = 0; i < 10_000; i += 1) localMoment(minute + (i % 60_000), MADRID);
    expect(format).toHaveBeenCalledTimes(1);
  });
});

describe('localInstant', () => {
  const at = (date: string, hhmm: string) => {
    const [h = 0, m = 0] = hhmm.split(':').map(Number);
    return new Date(localInstant(dayOfIsoDate(date), h * 60 + m, MADRID)).toISOString();
  };

  it('turns a local time into the instant, in winter and in summer', () => {
    expect(at('2026-01-15', '23:00')).toBe('2026-01-15T22:00:00.000Z');
    expect(at('2026-07-15', '23:00')).toBe('2026-07-15T21:00:00.000Z');
  });

  it('moves a time the spring change skips forward by the change', () => {
    expect(at('2026-03-29', '01:59')).toBe('2026-03-29T00:59:00.000Z');
    expect(at('2026-03-29', '02:30')).toBe('2026-03-29T01:30:00.000Z');
    expect(at('2026-03-29', '03:30')).toBe('2026-03-29T01:30:00.000Z');
  });

  it('takes the first of a time the autumn change repeats', () => {
    expect(at('2026-10-25', '02:30')).toBe('2026-10-25T00:30:00.000Z');
    expect(at('2026-10-25', '03:00')).toBe('2026-10-25T02:00:00.000Z');
  });
});
