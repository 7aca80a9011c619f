import { describe, expect, it } from 'vitest';
import { labelStep } from './label-step';

describe('labelStep', () => {
  it('shows every label when each fits under its bar with room to spare', () => {
    expect(labelStep(60, 30)).toBe(1);
  });

  it('thins the labels out just enough that shown ones keep the gap between them', () => {
    // 31 days in 420 px: 13.5 px a bar; a two-digit day is 14 px wide.
    expect(labelStep(420 / 31, 14)).toBe(2);
    // 12 French month names in 300 px: 25 px a bar, 'janv.' 33 px wide.
    expect(labelStep(25, 33)).toBe(2);
    expect(labelStep(10, 33)).toBe(5);
  });

  it('shows every label of a chart not yet laid out', () => {
    expect(labelStep(0, 30)).toBe(1);
  });
});
