import { describe, expect, it } from 'vitest';
import { decidingRule, dayOfIsoDate, ruleDays } from './calendar-days';
import { type CalendarRule } from './scheduling';
import { CalendarEditSchema } from './scheduling-api';
import { toFieldIssues } from './errors';

const A = '5b0e3f47-3b9b-4a53-a6a5-6b8f2a1c9d10';
const B = '8f9a0b1c-2d3e-4f50-8a6b-7c8d9e0f1a2b';
const everyDay: CalendarRule = { repetition: 'daily', startDate: '2026-01-01', programId: A };
const christmas: CalendarRule = { repetition: 'once', startDate: '2026-12-25', programId: B };
const weekends: CalendarRule = {
  repetition: 'weekly',
  weekdays: ['saturday', 'sunday'],
  startDate: '2026-01-01',
  programId: B,
};

const issuesOf = (rules: CalendarRule[]) => {
  const parsed = CalendarEditSchema.safeParse({ name: 'City', astronomical: false, rules });
  return parsed.success ? [] : toFieldIssues(parsed.error);
};

describe('which rule decides a day', () => {
  it('is the first in the list that covers it', () => {
    const rules = [christmas, weekends, everyDay].map(ruleDays);
    expect(decidingRule(rules, dayOfIsoDate('2026-12-25'))).toBe(0);
    // 26 December 2026 is a Saturday.
    expect(decidingRule(rules, dayOfIsoDate('2026-12-26'))).toBe(1);
    expect(decidingRule(rules, dayOfIsoDate('2026-12-28'))).toBe(2);
    expect(decidingRule(rules, dayOfIsoDate('2025-12-28'))).toBe(-1);
  });

  it('counts weekdays on both sides of the date line and the epoch alike', () => {
    const mondays = ruleDays({ repetition: 'weekly', weekdays: ['monday'], startDate: '1960-01-01', programId: A });
    expect(mondays.covers(dayOfIsoDate('1969-12-29'))).toBe(true);
    expect(mondays.covers(dayOfIsoDate('2027-03-01'))).toBe(true);
    expect(mondays.covers(dayOfIsoDate('2027-03-02'))).toBe(false);
  });
});

describe('a calendar whose order would drop a rule', () => {
  it('is refused with the rule that never applies and the rule above that takes its days', () => {
    const issues = issuesOf([everyDay, weekends, christmas]);
    expect(issues.map((issue) => [issue.path, issue.code, issue.params])).toEqual([
      ['rules.1', 'calendar.error.ruleNeverApplies', { rule: 2, above: 1 }],
      ['rules.2', 'calendar.error.ruleNeverApplies', { rule: 3, above: 1 }],
    ]);
  });

  it('is accepted once the exceptions are above the rule they interrupt', () => {
    expect(issuesOf([christmas, weekends, everyDay])).toEqual([]);
  });

  it('finds a rule shadowed only by several rules together, and keeps one that wins a single day', () => {
    const weekdays: CalendarRule = {
      repetition: 'weekly',
      weekdays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
      startDate: '2026-01-01',
      programId: A,
    };
    expect(issuesOf([weekdays, weekends, everyDay]).map((issue) => issue.path)).toEqual(['rules.2']);
    // Started a day before the weekly rules, the daily rule decides 31 December 2025.
    expect(issuesOf([weekdays, weekends, { ...everyDay, startDate: '2025-12-31' }])).toEqual([]);
  });

  it('checks a 50-rule calendar in well under the 50 ms the issue allows', () => {
    const rules: CalendarRule[] = Array.from({ length: 49 }, (_, i) => ({
      repetition: 'once',
      startDate: `2027-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + Math.floor(i / 12)).padStart(2, '0')}`,
      programId: B,
    }));
    const started = performance.now();
    expect(issuesOf([...rules, everyDay])).toEqual([]);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
