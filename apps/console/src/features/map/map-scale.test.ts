import { describe, expect, it } from 'vitest';
import { formatDistance, roundDistance } from './map-scale';

describe('the map scale', () => {
  it('rounds what the bar spans down to 1, 2, 3 or 5 times a power of ten metres', () => {
    expect(roundDistance(87.4)).toBe(50);
    expect(roundDistance(2480)).toBe(2000);
    expect(roundDistance(3.2)).toBe(3);
    expect(roundDistance(1000)).toBe(1000);
    expect(roundDistance(9_999_999)).toBe(5_000_000);
  });

  it("writes metres and kilometres as the user's language does, never feet or miles", () => {
    // The spaces are the language's own (French: narrow no-break spaces); compared as plain spaces.
    const written = (meters: number, language: string) => formatDistance(meters, language).replace(/\s/g, ' ');
    expect(written(50, 'en')).toBe('50 m');
    expect(written(2000, 'de')).toBe('2 km');
    expect(written(5_000_000, 'fr')).toBe('5 000 km');
    expect(written(5_000_000, 'de')).toBe('5.000 km');
    expect(written(300, 'pl')).toBe('300 m');
  });
});
