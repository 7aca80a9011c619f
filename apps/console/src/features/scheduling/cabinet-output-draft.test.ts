import { describe, expect, it } from 'vitest';
import { addRule, checkOutputSchedule, outputScheduleDraft, removeRule } from './cabinet-output-draft';

const fixed = (times: string[]) =>
  ({ kind: 'fixed', rules: times.map((time, i) => ({ time, dimming: i % 2 ? 0 : 100 })) }) as const;

describe("a cabinet output's schedule draft", () => {
  it('adds rules up to the family limit only: 4 for Vega, 6 for Orion', () => {
    let vega = outputScheduleDraft(fixed(['00:00']), false).rules;
    let orion = vega;
    for (let i = 0; i < 8; i += 1) {
      vega = addRule(vega, 'vega');
      orion = addRule(orion, 'orion');
    }
    expect(vega).toHaveLength(4);
    expect(orion).toHaveLength(6);
    // Each new rule an hour after the last, switching the other way.
    expect(vega.map((rule) => [rule.time, rule.dimming])).toEqual([
      ['00:00', '100'],
      ['01:00', '0'],
      ['02:00', '100'],
      ['03:00', '0'],
    ]);
  });

  it('keeps the first rule, which holds from 00:00', () => {
    const rules = outputScheduleDraft(fixed(['00:00', '07:00', '19:00']), true).rules;
    expect(removeRule(rules, rules[0]!.key)).toEqual(rules);
    expect(removeRule(rules, rules[1]!.key).map((rule) => rule.time)).toEqual(['00:00', '19:00']);
  });

  it('refuses more rules than the family holds with the server’s code, and sends what fits', () => {
    const draft = outputScheduleDraft(fixed(['00:00', '06:00', '12:00', '18:00', '22:00']), true);
    expect(checkOutputSchedule(draft, 'vega', 2)).toEqual({
      value: null,
      issues: [expect.objectContaining({ path: 'rules', code: 'FIXED_SCHEDULE_TOO_MANY_RULES', limit: 4 })],
    });
    expect(checkOutputSchedule(draft, 'orion', 2).value).toEqual({
      command: 'createCalendar',
      params: {
        output: 2,
        rules: [
          { time: '00:00', dimming: 100 },
          { time: '06:00', dimming: 0 },
          { time: '12:00', dimming: 100 },
          { time: '18:00', dimming: 0 },
          { time: '22:00', dimming: 100 },
        ],
      },
    });
  });

  it('refuses rules out of order, and a level that is not 0–100, at their field', () => {
    const draft = outputScheduleDraft(fixed(['00:00', '19:00', '07:00']), true);
    expect(checkOutputSchedule(draft, 'orion', 1).issues).toEqual([
      expect.objectContaining({ path: 'rules', rule: 'invalid' }),
    ]);
    const [first, second] = outputScheduleDraft(fixed(['00:00', '19:00']), true).rules;
    const loud = {
      kind: 'fixed' as const,
      rules: [first!, { ...second!, dimming: '120' }],
      sunsetOffset: '0',
      sunriseOffset: '0',
    };
    expect(checkOutputSchedule(loud, 'orion', 1).issues).toEqual([
      expect.objectContaining({ path: 'rules.1.dimming', rule: 'max', limit: 100 }),
    ]);
  });

  it('sends astronomical offsets for one output, within ±180 minutes', () => {
    const draft = outputScheduleDraft({ kind: 'astro', sunsetOffsetMinutes: 15, sunriseOffsetMinutes: -10 }, true);
    expect(checkOutputSchedule(draft, 'orion', 3).value).toEqual({
      command: 'createAstroCalendar',
      params: { sunsetOffsetMinutes: 15, sunriseOffsetMinutes: -10, output: 3 },
    });
    expect(checkOutputSchedule({ ...draft, sunsetOffset: '200' }, 'orion', 3).issues).toEqual([
      expect.objectContaining({ path: 'sunsetOffsetMinutes', rule: 'max', limit: 180 }),
    ]);
    // A family without astronomical schedules edits fixed rules instead.
    expect(outputScheduleDraft({ kind: 'astro', sunsetOffsetMinutes: 0, sunriseOffsetMinutes: 0 }, false).kind).toBe(
      'fixed',
    );
  });
});
