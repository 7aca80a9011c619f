import { describe, expect, it } from 'vitest';
import { formatAttribute, formatValue, type ValueFormat } from './format-value';

const english: ValueFormat = { language: 'en', yes: 'Yes', no: 'No', outputOn: 'on', outputOff: 'off' };
const german: ValueFormat = { language: 'de', yes: 'Ja', no: 'Nein', outputOn: 'ein', outputOff: 'aus' };

describe('value formatting', () => {
  it('shows measures with their unit, in the number style of the language', () => {
    expect(formatAttribute('voltage', { voltage: 230.4 }, english)).toBe('230.4 V');
    expect(formatAttribute('voltage', { voltage: 230.4 }, german)).toBe('230,4 V');
    expect(formatAttribute('dimming', { dimming: 70 }, english)).toBe('70 %');
  });

  it('keeps metre precision for coordinates', () => {
    expect(formatAttribute('latitude', { latitude: 41.387412 }, english)).toBe('41.387412 °');
  });

  it('words booleans and cabinet outputs in the language', () => {
    expect(formatAttribute('poweredOn', { poweredOn: false }, german)).toBe('Nein');
    const outputs = [
      { index: 1, on: true },
      { index: 2, on: false },
    ];
    expect(formatAttribute('outputs', { outputs }, english)).toBe('1: on · 2: off');
  });

  it('shows dates as dates and missing values as a dash', () => {
    expect(formatValue('2025-05-04T10:00:00.000Z', english)).toMatch(/2025/);
    expect(formatValue(null, english)).toBe('—');
  });
});
